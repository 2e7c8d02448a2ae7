import { RUNTIME_IDS } from '@skillpack/adapters';
import { describe, expect, it } from 'vitest';
import { RUNTIME_SETUPS } from '../src/_runtimes/registry.js';
import { CLI_NAMES } from '../src/find-cli.js';
import { SERVED_PROTOCOLS } from '../src/scripted-model.js';

describe('the runAgent runtime registry', () => {
  it('has one declaration per runtime id', () => {
    expect(Object.keys(RUNTIME_SETUPS).sort()).toEqual([...RUNTIME_IDS].sort());
  });

  it('names each CLI by its declaration', () => {
    for (const id of RUNTIME_IDS) expect(CLI_NAMES[id]).toBe(RUNTIME_SETUPS[id].bin);
  });

  it.each(RUNTIME_IDS)('%s speaks a protocol the scripted model serves', (id) => {
    expect(SERVED_PROTOCOLS).toContain(RUNTIME_SETUPS[id].protocol);
  });
});
