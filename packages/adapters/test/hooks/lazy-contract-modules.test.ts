import { describe, expect, it } from 'vitest';
import { lazyPackContractLoader, loadLazyContracts } from '../../src/hooks/lazy-contract-modules.js';
import { greetingContract, verdictContract } from './_contracts.js';

function modules(imported: string[]) {
  return [
    {
      name: './contracts/greeting.ts',
      ids: [greetingContract.id],
      load: async () => {
        imported.push('greeting');
        return { greetingContract };
      },
    },
    {
      name: './contracts/verdict.ts',
      ids: [verdictContract.id],
      load: async () => {
        imported.push('verdict');
        throw new Error("ENOENT: no such file or directory, open './data/verdicts.json'");
      },
    },
  ];
}

describe('lazyPackContractLoader', () => {
  it('imports only the modules the ids need', async () => {
    const imported: string[] = [];
    const found = await lazyPackContractLoader(modules(imported))([greetingContract.id]);
    expect(found.success && found.data).toEqual([greetingContract]);
    expect(imported).toEqual(['greeting']);
  });

  it('a module that throws is contract_module_failed naming the module, the cause and the contracts', async () => {
    const found = await lazyPackContractLoader(modules([]))([greetingContract.id, verdictContract.id]);
    expect(found.success).toBe(false);
    if (found.success) return;
    expect(found.error.code).toBe('contract_module_failed');
    expect(found.error.message).toContain('The contract module "./contracts/verdict.ts" failed to load');
    expect(found.error.message).toContain("ENOENT: no such file or directory, open './data/verdicts.json'");
    expect(found.error.message).toContain('test.verdict went unchecked');
    expect(found.error.details).toMatchObject({
      module: './contracts/verdict.ts',
      contracts: [verdictContract.id],
    });
  });

  it('an id no module provides is unknown_contract listing every carried id, importing nothing', async () => {
    const imported: string[] = [];
    const found = await lazyPackContractLoader(modules(imported))(['conflux.acceptance']);
    expect(found.success).toBe(false);
    if (found.success) return;
    expect(found.error.code).toBe('unknown_contract');
    expect(found.error.message).toBe(
      'Unknown contract "conflux.acceptance". Known contracts: test.greeting, test.verdict.',
    );
    expect(imported).toEqual([]);
  });
});

describe('loadLazyContracts', () => {
  it('a module that throws a non-Error is named too', async () => {
    const found = await loadLazyContracts(
      [{ name: 'acme-contracts', ids: ['x'], load: () => Promise.reject('nope') }],
      ['x'],
    );
    expect(!found.success && found.error.message).toContain(
      '"acme-contracts" failed to load where the pack runs (nope)',
    );
  });
});
