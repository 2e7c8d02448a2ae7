import { defineContract } from '@skillpack/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractInstructions } from '../src/instructions.js';

const spec = {
  id: 'acme.verdict',
  version: '1.0.0',
  title: 'Verdict',
  description: 'Pass or fail.',
  schema: z.discriminatedUnion('verdict', [
    z.strictObject({ verdict: z.literal('pass') }),
    z.strictObject({ verdict: z.literal('fail'), reason: z.string() }),
  ]),
  examples: [{ name: 'pass', value: { verdict: 'pass' as const } }],
};

describe('contractInstructions', () => {
  it('asks a text contract for the answer at the end of the message', () => {
    const text = contractInstructions(defineContract({ ...spec, delivery: 'text' }));
    expect(text).toBe(
      'End your answer with the Verdict (acme.verdict): Pass or fail.\nFor example:\n{"verdict":"pass"}',
    );
  });

  it('asks a tool-delivered contract for a call of its submit tool, with the exact arguments', () => {
    const text = contractInstructions(defineContract({ ...spec, delivery: 'tool' }));
    expect(text).toBe(
      'Deliver the Verdict (acme.verdict) by calling the submit_acme_verdict tool, not in your message: Pass or fail.\nFor example, call submit_acme_verdict with the arguments:\n{"answer":{"verdict":"pass"}}',
    );
  });
});
