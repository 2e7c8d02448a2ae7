// A pack plugin's or extension's tables: the contracts' reads the hook's tables hold, and nothing a plugin does
// not run (the runtimes' Stop-hook payload checks, the unattempted readings), since a plugin evaluates its
// whole fast module at start.
import type { AnyContract } from '@skillpack/core';
import { describe, expect, it } from 'vitest';
import { fastAnswerTablesSource, fastStopTablesSource } from '../../src/bundler/fast-stop-tables.js';
import { type ContractValidators, provenContract } from '../../src/hooks/fast-answer.js';
import { fallbackContract, greetingContract, unionContract, verdictContract } from '../hooks/_contracts.js';

const CONTRACTS: readonly AnyContract[] = [
  greetingContract,
  verdictContract,
  unionContract,
  fallbackContract,
];
const IDS = CONTRACTS.map((contract) => contract.id);

const evaluated = (source: string) => new Function(`return ${source};`)();

describe('fastAnswerTablesSource', () => {
  it('holds one read per contract and no payload check or unattempted reading', async () => {
    const answer = await fastAnswerTablesSource(CONTRACTS);
    expect(Object.keys(evaluated(answer.source))).toEqual(IDS);
    expect(answer.source).not.toMatch(/stop_hook_active|last_assistant_message|noJsonObject/);
    expect(answer.fallbacks).toEqual((await fastStopTablesSource(CONTRACTS)).fallbacks);
  });

  it('proves what the hook tables’ reads prove', async () => {
    const answer = evaluated((await fastAnswerTablesSource(CONTRACTS)).source) as ContractValidators;
    const hook = evaluated((await fastStopTablesSource(CONTRACTS)).source).contracts as ContractValidators;
    const texts = [
      ...CONTRACTS.flatMap((contract) => contract.examples.map((example) => contract.render(example.value))),
      '{"greeting":""}',
      '{"verdict":"pass","x":1}',
      'Done, no JSON.',
    ];
    let proven = 0;
    for (const text of texts) {
      for (const ids of [IDS, IDS.slice(1), IDS.slice(0, 1)]) {
        const expected = provenContract(hook, ids, text);
        if (expected !== undefined) proven++;
        expect(provenContract(answer, ids, text)).toBe(expected);
      }
    }
    expect(proven).toBeGreaterThan(3);
  });
});
