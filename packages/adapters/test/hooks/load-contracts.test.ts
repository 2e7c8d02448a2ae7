import { createContractRegistry } from '@skillpack/core';
import { builtinContracts } from '@skillpack/core/contracts';
import { describe, expect, it } from 'vitest';
import { loadContracts, packContractLoader } from '../../src/hooks/load-contracts.js';
import { greetingContract, verdictContract } from './_contracts.js';

describe("loadContracts (the adapters' own hook)", () => {
  it("finds the pack's contracts first, then a built-in through its family", async () => {
    const pack = createContractRegistry([greetingContract]);
    const found = await loadContracts([greetingContract.id, 'conflux.acceptance', greetingContract.id], pack);
    expect(found.success && found.data.map((contract) => contract.id)).toEqual([
      greetingContract.id,
      'conflux.acceptance',
    ]);
  });
});

describe("packContractLoader (a generated pack's hook)", () => {
  const load = packContractLoader([greetingContract, verdictContract]);

  it('finds exactly the contracts it was given, once each, in the order asked', async () => {
    const found = await load([verdictContract.id, greetingContract.id, verdictContract.id]);
    expect(found.success && found.data).toEqual([verdictContract, greetingContract]);
  });

  it('knows no built-in: an id it does not carry is unknown_contract, listing what it carries', async () => {
    expect(builtinContracts.has('conflux.acceptance')).toBe(true);
    const found = await load([greetingContract.id, 'conflux.acceptance']);
    expect(found.success).toBe(false);
    if (found.success) return;
    expect(found.error.code).toBe('unknown_contract');
    expect(found.error.message).toBe(
      'Unknown contract "conflux.acceptance". Known contracts: test.greeting, test.verdict.',
    );
    expect(found.error.details).toEqual({
      id: 'conflux.acceptance',
      known: ['test.greeting', 'test.verdict'],
    });
  });
});
