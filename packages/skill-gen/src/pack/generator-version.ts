import { readFileSync } from 'node:fs';

/** The published version of `@skillpack/skill-gen`, read from its own package.json. */
export function generatorVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}
