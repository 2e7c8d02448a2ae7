import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { acceptanceContract } from '../src/conflux/index.js';
import { defineContract } from '../src/define-contract.js';

/** A user's discriminated-union contract: a refund decision, `approve` or `deny`. */
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

const APPROVE = '{"decision":"approve","amount":25}';
const DENY = '{"decision":"deny","reason":"outside the refund window"}';

function correctionOf(text: string): string {
  const result = refund.extract(text);
  if (result.success) throw new Error(`expected ${text} to fail`);
  return refund.correct(result.error);
}

describe('the default correction of a discriminated union', () => {
  it('shows a failed deny the deny example, not the approve one', () => {
    const correction = correctionOf('{"decision":"deny"}');
    expect(correction).toContain(`Write it exactly in this shape, for example:\n${DENY}`);
    expect(correction).not.toContain(APPROVE);
  });

  it('shows a failed approve the approve example', () => {
    const correction = correctionOf('{"decision":"approve","amount":-1}');
    expect(correction).toContain(APPROVE);
    expect(correction).not.toContain(DENY);
  });

  it('shows every branch when the answer chose none, or one that does not exist', () => {
    for (const text of ['{"amount":3}', '{"decision":"maybe"}']) {
      const correction = correctionOf(text);
      expect(correction).toContain(
        `Write it exactly in one of these shapes, for example:\n${APPROVE}\n${DENY}`,
      );
    }
  });

  it('keeps the first example for a schema that is not a discriminated union', () => {
    const plain = defineContract({
      id: 'acme.note',
      version: '1.0.0',
      title: 'Note',
      description: 'A note.',
      delivery: 'text',
      schema: z.strictObject({ note: z.string() }),
      examples: [
        { name: 'a', value: { note: 'a' } },
        { name: 'b', value: { note: 'b' } },
      ],
    });
    const result = plain.extract('{"note":1}');
    if (result.success) throw new Error('expected a failure');
    expect(plain.correct(result.error)).toContain(
      'Write it exactly in this shape, for example:\n{"note":"a"}',
    );
    expect(plain.correct(result.error)).not.toContain('{"note":"b"}');
  });
});

describe('the Conflux acceptance correction matches the verdict the answer chose', () => {
  const correct = (text: string) => {
    const result = acceptanceContract.extract(text);
    if (result.success) throw new Error(`expected ${text} to fail`);
    return acceptanceContract.correct(result.error);
  };

  it('a gated verdict without a blocker is shown the gated example', () => {
    const correction = correct('{"acceptance":"gated"}\nACCEPTANCE: GATED');
    expect(correction).toMatch(/\{"acceptance":"gated","blocker":\{.*\}\}\nACCEPTANCE: GATED/);
    expect(correction).not.toContain('ACCEPTANCE: PASS');
  });

  it('a fail verdict with a broken finding is shown the fail example', () => {
    const correction = correct('{"acceptance":"fail","findings":[{"id":1}]}\nACCEPTANCE: FAIL');
    expect(correction).toMatch(/\{"acceptance":"fail","findings":\[\{.*\}\]\}\nACCEPTANCE: FAIL/);
    expect(correction).not.toContain('ACCEPTANCE: PASS');
    expect(correction).not.toContain('ACCEPTANCE: GATED');
  });

  it('an answer with no verdict is shown every verdict shape', () => {
    const correction = correct('Still checking.');
    for (const shape of ['pass', 'fail', 'continue', 'gated'])
      expect(correction).toContain(`{"acceptance":"${shape}"`);
  });
});

describe('the default isAttempt: an object about something else is no attempt', () => {
  const attempted = (text: string) => {
    const result = refund.extract(text);
    if (result.success) throw new Error(`expected ${text} to fail`);
    return refund.isAttempt(result.error);
  };

  it('counts an object with a key of the schema, even a wrong one', () => {
    expect(attempted('{"decision":"deny"}')).toBe(true);
    expect(attempted('{"decision":"maybe","verdict":"approve"}')).toBe(true);
  });

  it('does not count an object sharing no key with the schema (another contract’s answer)', () => {
    expect(attempted('{"verdict":"approve","reasons":["fine"]}')).toBe(false);
  });

  it('reports the related candidate when an unrelated object comes after it', () => {
    const result = refund.extract('{"decision":"deny"}\n{"verdict":"approve","reasons":["fine"]}');
    if (result.success) throw new Error('expected a failure');
    expect(refund.isAttempt(result.error)).toBe(true);
    expect(refund.correct(result.error)).toContain(DENY);
  });
});
