// A generated pack's plugin and extension decide an answer the build's validators prove satisfied without
// loading the contracts; every such decision is the whole check's (the contracts themselves, zod with them),
// and every other answer is decided by the whole check. Answers built from the contracts' examples and
// mutated, several contracts at once, every budget and enforce mode.
import { type AnyContract, ok } from '@skillpack/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastStopTablesSource } from '../../src/bundler/fast-stop-tables.js';
import {
  decideAnswer,
  loadedAnswerContracts,
  packAnswerContracts,
} from '../../src/hooks/answer-contracts.js';
import type { ContractValidators } from '../../src/hooks/fast-answer.js';
import { mutated, runs } from '../properties/_support/core-support.js';
import { fallbackContract, greetingContract, unionContract, verdictContract } from './_contracts.js';

const CONTRACTS: readonly AnyContract[] = [
  greetingContract,
  verdictContract,
  unionContract,
  fallbackContract,
];
const VALIDATORS = new Function(`return ${(await fastStopTablesSource(CONTRACTS)).source};`)()
  .contracts as ContractValidators;

const EXAMPLES = CONTRACTS.flatMap((contract) =>
  contract.examples.map((example) => ({ id: contract.id, text: `Done.\n${contract.render(example.value)}` })),
);
const MESSAGES = EXAMPLES.map((example) => example.text);
const TOKENS = [
  '{"greeting":""}',
  '{"greeting":"hi","x":1}',
  '{"verdict":"pass","x":1}',
  '{"status":"later"}',
  '{"status":"blocked","reason":"a reason much longer than twenty"}',
  '"status":"done"',
  '"__proto__":{"polluted":true}',
  '```json\n',
  '\n',
  ',',
  '}',
];

/** The contracts `ids` of a generated pack: proven by the validators, loaded (and counted) otherwise. */
function fastContracts(ids: readonly string[]) {
  let loads = 0;
  const byId = new Map(CONTRACTS.map((contract) => [contract.id, contract]));
  const contracts = packAnswerContracts(VALIDATORS, ids, async () => {
    loads++;
    return ok(ids.map((id) => byId.get(id)!));
  });
  return { contracts, loads: () => loads };
}

describe('a generated pack’s answer decision', () => {
  it.each(EXAMPLES)('decides the $id example as the whole check does', async ({ id, text }) => {
    const ids = CONTRACTS.map((contract) => contract.id);
    const budget = { blocksSoFar: 0, maxBlocks: 2, enforce: 'attempted' } as const;
    const fast = fastContracts(ids);
    const decision = await decideAnswer(fast.contracts, text, budget);
    expect(decision).toEqual(await decideAnswer(loadedAnswerContracts(CONTRACTS), text, budget));
    // Only the contract without a validator (its own extract) needs its contracts loaded.
    expect(fast.loads()).toBe(id === fallbackContract.id ? 1 : 0);
  });

  it('agrees with the whole check on mutated answers, and loads the contracts for every answer it cannot prove', async () => {
    let proven = 0;
    await fc.assert(
      fc.asyncProperty(
        mutated(MESSAGES, TOKENS, 3),
        fc.subarray(
          CONTRACTS.map((contract) => contract.id),
          { minLength: 1 },
        ),
        fc.nat(3),
        fc.constantFrom('always', 'attempted'),
        async (text, ids, blocksSoFar, enforce) => {
          const budget = { blocksSoFar, maxBlocks: 2, enforce } as const;
          const fast = fastContracts(ids);
          const loaded = CONTRACTS.filter((contract) => ids.includes(contract.id));
          const decision = await decideAnswer(fast.contracts, text, budget);
          expect(decision).toEqual(await decideAnswer(loadedAnswerContracts(loaded), text, budget));
          if (fast.loads() === 0) proven++;
        },
      ),
      runs(1500),
    );
    expect(proven).toBeGreaterThan(100);
  });

  it('keeps a failure to load and throws it on every check that needs the contracts', async () => {
    let loads = 0;
    const failure = new Error('The contract module "./review.ts" failed to load');
    const contracts = packAnswerContracts(VALIDATORS, ['test.greeting'], async () => {
      loads++;
      return { success: false, error: failure } as never;
    });
    const budget = { blocksSoFar: 0, maxBlocks: 2 };
    await expect(decideAnswer(contracts, '{"greeting":"hi"}', budget)).resolves.toMatchObject({
      because: 'satisfied',
    });
    await expect(decideAnswer(contracts, '{"greeting":""}', budget)).rejects.toBe(failure);
    await expect(decideAnswer(contracts, '{"greeting":""}', budget)).rejects.toBe(failure);
    expect(loads).toBe(1);
  });
});
