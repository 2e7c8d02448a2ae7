import { defineContract } from '@skillpack/core';
import { builtinContracts } from '@skillpack/core/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deriveAnswers, mutationsOf } from '../../src/doctor/answers.js';

const refund = defineContract({
  id: 'acme.refund',
  version: '1.0.0',
  title: 'Refund decision',
  description: 'Approve or deny a refund.',
  delivery: 'text',
  schema: z.discriminatedUnion('decision', [
    z.strictObject({ decision: z.literal('approve'), amount: z.number().positive() }),
    z.strictObject({ decision: z.literal('deny'), reason: z.string().min(1) }),
  ]),
  examples: [
    { name: 'approve', value: { decision: 'approve', amount: 25 } },
    { name: 'deny', value: { decision: 'deny', reason: 'outside the refund window' } },
  ],
});

describe('deriveAnswers', () => {
  it.each(builtinContracts.ids)(
    '%s: a right answer it accepts and a wrong one it rejects as an attempt',
    (id) => {
      const contract = builtinContracts.require(id);
      const answers = deriveAnswers(contract);
      if (!answers.success) throw new Error(answers.error);
      const { right, wrong, correction } = answers.data;
      expect(contract.judge(contract.extract(right)).satisfied).toBe(true);
      const judged = contract.judge(contract.extract(wrong));
      expect(judged.satisfied).toBe(false);
      if (judged.satisfied) return;
      expect(contract.isAttempt(judged.error)).toBe(true);
      expect(correction).toBe(contract.correct(judged.error));
      expect(wrong).not.toBe(right);
    },
  );

  it("a user's discriminated-union contract: right is the first example, wrong drops a key", () => {
    const answers = deriveAnswers(refund);
    if (!answers.success) throw new Error(answers.error);
    expect(answers.data.right).toBe('{"decision":"approve","amount":25}');
    expect(answers.data.wrong).toBe('{"amount":25}');
    expect(answers.data.mutation).toBe('approve: dropped "decision"');
    expect(answers.data.correction).toContain('Refund decision');
  });

  it('says why when no answer can be derived', () => {
    const noExamples = defineContract({
      id: 'acme.empty',
      version: '1.0.0',
      title: 'Empty',
      description: 'No examples.',
      delivery: 'text',
      schema: z.strictObject({ a: z.string() }),
      examples: [],
    });
    expect(deriveAnswers(noExamples)).toEqual({
      success: false,
      error: 'acme.empty has no example to derive an answer from',
    });
    // Everything is accepted: no mutation is rejected.
    const anything = defineContract({
      id: 'acme.anything',
      version: '1.0.0',
      title: 'Anything',
      description: 'Accepts any object.',
      delivery: 'text',
      schema: z.looseObject({}),
      examples: [{ name: 'a', value: { a: 1 } }],
    });
    const result = deriveAnswers(anything);
    expect(result.success).toBe(false);
  });
});

describe('mutationsOf', () => {
  it('drops keys, then wrong types, then invalid values, then broken nested values', () => {
    const labels = mutationsOf({ s: 'x', n: 1, o: { k: 1 } }).map((mutation) => mutation.label);
    expect(labels).toEqual([
      'dropped "s"',
      'dropped "n"',
      'dropped "o"',
      '"s" of the wrong type',
      '"n" of the wrong type',
      '"o" of the wrong type',
      '"s" not a valid value',
      '"o" broken',
    ]);
  });
});
