import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNTIME_IDS } from '@skillpack/adapters';
import { describe, expect, it } from 'vitest';
import { RUNTIME_SETUPS } from '../src/_runtimes/registry.js';
import { CLI_NAMES } from '../src/find-cli.js';
import { ROUTES } from '../src/scripted-model.js';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

describe('the runAgent runtime registry', () => {
  it('has one declaration per runtime id', () => {
    expect(Object.keys(RUNTIME_SETUPS).sort()).toEqual([...RUNTIME_IDS].sort());
  });

  it('names each CLI by its declaration', () => {
    for (const id of RUNTIME_IDS) expect(CLI_NAMES[id]).toBe(RUNTIME_SETUPS[id].bin);
  });

  it.each(RUNTIME_IDS)('%s speaks a protocol the scripted model serves', (id) => {
    const served = Object.values(ROUTES).map((codec) => codec.protocol);
    expect(served).toContain(RUNTIME_SETUPS[id].protocol);
  });
});

/** Source text without comments. */
function code(path: string): string {
  return readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

describe('fitness: runtime ids are named only in a runtime’s declaration and the registry', () => {
  it('no file of src outside _runtimes/ names a runtime id literal', () => {
    const literal = new RegExp(`['"\`](${RUNTIME_IDS.join('|')})['"\`]`);
    const offenders = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.ts') && !path.replaceAll('\\', '/').startsWith('_runtimes/'))
      .filter((path) => literal.test(code(join(SRC, path))))
      .sort();
    expect(offenders).toEqual([]);
  });
});
