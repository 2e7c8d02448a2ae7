import { readFileSync } from 'node:fs';

/** The upstream conformance cases, from the repository's `conformance/` folder (provenance in its README). */
const conformanceRoot = new URL('../../../../conformance/', import.meta.url);

export function readConformance<T = unknown>(system: string, file: string): T {
  return JSON.parse(readFileSync(new URL(`${system}/${file}`, conformanceRoot), 'utf8')) as T;
}
