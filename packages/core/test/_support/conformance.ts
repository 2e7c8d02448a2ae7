import { readFileSync } from 'node:fs';

/** The upstream conformance cases, read from `../shared/conformance` beside the project root. */
const conformanceRoot = new URL('../../../../../shared/conformance/', import.meta.url);

export function readConformance<T = unknown>(system: string, file: string): T {
  return JSON.parse(readFileSync(new URL(`${system}/${file}`, conformanceRoot), 'utf8')) as T;
}
