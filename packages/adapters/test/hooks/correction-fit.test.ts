import { defineContract } from '@skillpack/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkContracts } from '../../src/hooks/contract-check.js';
import { decideStop } from '../../src/hooks/stop-decision.js';

/** A pack hooking two contracts of its own: a refund decision (a discriminated union) and a review verdict. */
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

const review = defineContract({
  id: 'acme.review',
  version: '1.0.0',
  title: 'Review verdict',
  description: 'Whether the change may merge.',
  delivery: 'text',
  schema: z.strictObject({
    verdict: z.enum(['approve', 'request_changes']),
    reasons: z.array(z.string().min(1)).min(1),
  }),
  examples: [{ name: 'approve', value: { verdict: 'approve', reasons: ['The tests cover the change.'] } }],
});

const PACK = [review, refund];

function reasonFor(text: string, enforce: 'always' | 'attempted' = 'attempted'): string | undefined {
  const decision = decideStop({ check: checkContracts(PACK, text), blocksSoFar: 0, maxBlocks: 2, enforce });
  return decision.kind === 'block' ? decision.reason : undefined;
}

describe('the correction fits the answer (a pack hooking two contracts)', () => {
  it('a failed deny is corrected with the refund contract only, and shown the deny example', () => {
    const reason = reasonFor('No refund.\n{"decision":"deny"}');
    expect(reason).toBeDefined();
    expect(reason).toContain('Refund decision');
    expect(reason).toContain('{"decision":"deny","reason":"outside the refund window"}');
    expect(reason).not.toContain('{"decision":"approve"');
    expect(reason).not.toContain('acme.review');
    expect(reason).not.toContain('Review verdict');
  });

  it('a failed review is corrected with the review contract only', () => {
    const reason = reasonFor('{"verdict":"approve","reasons":[]}');
    expect(reason).toContain('Review verdict');
    expect(reason).not.toContain('Refund decision');
  });

  it('an answer attempting neither is let through when only attempts are enforced', () => {
    expect(reasonFor('All done, nothing to report.')).toBeUndefined();
    expect(reasonFor('Config: {"name":"demo","port":8080}')).toBeUndefined();
  });

  it('an answer attempting neither, where every stop is enforced, gets one short list of what is expected', () => {
    const reason = reasonFor('All done.', 'always');
    expect(reason?.split('\n')[0]).toBe(
      'Your final message must end with the answer of one of these contracts: acme.review, acme.refund.',
    );
    expect(reason).toContain('- Review verdict (acme.review), for example:');
    expect(reason).toContain('- Refund decision (acme.refund), for example:');
    expect(reason).not.toContain('does not satisfy');
  });
});
