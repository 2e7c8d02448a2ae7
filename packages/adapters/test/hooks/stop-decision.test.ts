import { ProtocolError } from '@skillpack/core';
import { describe, expect, it } from 'vitest';
import { checkContracts } from '../../src/hooks/contract-check.js';
import {
  allowBecauseOfHookError,
  correctiveReason,
  decideStop,
  toStopHookOutput,
} from '../../src/hooks/stop-decision.js';
import { GREETING, greetingContract, verdictContract } from './_contracts.js';

const unsatisfied = checkContracts([greetingContract], 'no payload here');
const satisfied = checkContracts([greetingContract], GREETING);

describe('decideStop', () => {
  it.each([
    [0, 2, 'block', 1],
    [1, 2, 'block', 2],
    [2, 2, 'allow', undefined],
    [5, 2, 'allow', undefined],
    [0, 0, 'allow', undefined],
    [0, 1, 'block', 1],
  ] as const)(
    'with %i block(s) so far and a budget of %i it decides %s',
    (blocksSoFar, maxBlocks, kind, blocks) => {
      const decision = decideStop({ check: unsatisfied, blocksSoFar, maxBlocks });
      expect(decision.kind).toBe(kind);
      if (decision.kind === 'block') {
        expect(decision.blocks).toBe(blocks);
        expect(decision.systemMessage).toContain(`(${blocks} of ${maxBlocks})`);
      } else {
        expect(decision).toMatchObject({ because: 'budget_spent' });
      }
    },
  );

  it('blocks with the contract correction as the reason', () => {
    const decision = decideStop({ check: unsatisfied, blocksSoFar: 0, maxBlocks: 2 });
    if (unsatisfied.satisfied || decision.kind !== 'block') throw new Error('expected a block');
    expect(decision.reason).toBe(greetingContract.correct(unsatisfied.failures[0]!.error));
    expect(toStopHookOutput(decision)).toEqual({
      decision: 'block',
      reason: decision.reason,
      systemMessage: decision.systemMessage,
    });
  });

  it('lets a satisfied stop through silently, whatever the budget', () => {
    const decision = decideStop({ check: satisfied, blocksSoFar: 9, maxBlocks: 2 });
    expect(decision).toEqual({ kind: 'allow', because: 'satisfied', contractId: 'test.greeting' });
    expect(toStopHookOutput(decision)).toEqual({});
  });

  it('says why when the budget is spent', () => {
    const decision = decideStop({ check: unsatisfied, blocksSoFar: 2, maxBlocks: 2 });
    expect(toStopHookOutput(decision)).toEqual({
      systemMessage: expect.stringMatching(
        /test\.greeting \(missing_payload\) still not satisfied after 2 blocked/,
      ),
    });
  });

  it('turns a hook failure into a let-through with a message', () => {
    expect(toStopHookOutput(allowBecauseOfHookError('stdin is empty.'))).toEqual({
      systemMessage: 'skillpack-hook: stdin is empty.',
    });
  });
});

describe('correctiveReason', () => {
  it('lists what is expected, once, when the answer attempted none of several contracts', () => {
    const check = checkContracts([greetingContract, verdictContract], 'nothing');
    if (check.satisfied) throw new Error('expected failures');
    const reason = correctiveReason(check.failures);
    expect(reason).toBe(
      [
        'Your final message must end with the answer of one of these contracts: test.greeting, test.verdict.',
        '- Greeting (test.greeting), for example:',
        '  {"greeting":"hello"}',
        '- Verdict (test.verdict), for example:',
        '  {"verdict":"pass"}',
      ].join('\n'),
    );
  });

  it('names every attempted contract and joins their corrections when several were attempted', () => {
    const check = checkContracts([greetingContract, verdictContract], '{"greeting":"","verdict":"maybe"}');
    if (check.satisfied) throw new Error('expected failures');
    const reason = correctiveReason(check.failures);
    expect(reason.split('\n')[0]).toBe(
      'Your final message must satisfy one of these contracts: test.greeting, test.verdict.',
    );
    expect(reason).toContain('[test.greeting]\nYour answer does not satisfy the Greeting contract');
    expect(reason).toContain('[test.verdict]\nYour answer does not satisfy the Verdict contract');
  });

  it('falls back to the error message when a contract correction throws', () => {
    const broken = {
      ...greetingContract,
      correct: () => {
        throw new Error('bug');
      },
    };
    const reason = correctiveReason([
      { contract: broken, error: new ProtocolError('bad', 'It is bad.'), attempted: true },
    ]);
    expect(reason).toBe('Your answer does not satisfy the Greeting contract: It is bad.');
  });
});
