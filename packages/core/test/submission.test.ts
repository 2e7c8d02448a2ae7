import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { acceptanceContract } from '../src/conflux/acceptance-contract.js';
import type { ContractToolCall } from '../src/contract.js';
import { defineContract } from '../src/define-contract.js';
import { readSubmission, submitTool, submitToolInputSchema } from '../src/submission.js';

const refund = defineContract({
  id: 'shop.refund',
  version: '1.0.0',
  title: 'Refund decision',
  description: 'Whether to refund.',
  delivery: 'tool',
  schema: z.object({ refund: z.boolean(), reason: z.string().optional() }).strict(),
  examples: [{ name: 'yes', value: { refund: true } }],
});

const verdict = defineContract({
  id: 'shop.verdict',
  version: '1.0.0',
  title: 'Verdict',
  description: 'Pass or fail.',
  delivery: 'tool',
  schema: z.discriminatedUnion('verdict', [
    z.object({ verdict: z.literal('pass') }),
    z.object({ verdict: z.literal('fail'), reasons: z.array(z.string()).min(1) }),
  ]),
  examples: [
    { name: 'pass', value: { verdict: 'pass' } },
    { name: 'fail', value: { verdict: 'fail', reasons: ['the total is wrong'] } },
  ],
});

const call = (name: string, input: unknown, status = 'completed'): ContractToolCall => ({
  name,
  input,
  status,
});

describe('submit tool input schema', () => {
  it('is the contract input schema itself when its root is an object', () => {
    const schema = submitToolInputSchema(refund);
    expect(schema).toMatchObject({ type: 'object', properties: { refund: { type: 'boolean' } } });
    expect(schema.$schema).toBeUndefined();
    expect(schema.required).toEqual(['refund']);
  });

  it('wraps a union root in an object with one required "answer"', () => {
    const schema = submitToolInputSchema(verdict);
    expect(schema).toMatchObject({ type: 'object', required: ['answer'], additionalProperties: false });
    expect((schema.properties as { answer: { oneOf?: unknown; anyOf?: unknown } }).answer.oneOf).toHaveLength(
      2,
    );
  });

  it('submitTool gives the name, the schema and the arguments of a tool-delivered contract only', () => {
    const tool = submitTool(verdict, 'openai');
    expect(tool?.name).toBe('submit_shop_verdict');
    expect(tool?.inputSchema).toEqual(submitToolInputSchema(verdict, 'openai'));
    expect(tool?.argumentsOf({ verdict: 'pass' })).toEqual({ answer: { verdict: 'pass' } });
    expect(submitTool(refund)?.argumentsOf({ refund: true })).toEqual({ refund: true });
    expect(submitTool(acceptanceContract)).toBeUndefined();
  });

  it('wraps the built-in Conflux verdict, whose root is a union', () => {
    expect(submitToolInputSchema(acceptanceContract).required).toEqual(['answer']);
  });

  it('in the OpenAI dialect closes every object, requires every property and makes optional ones nullable', () => {
    const schema = submitToolInputSchema(refund, 'openai');
    expect(schema.required).toEqual(['refund', 'reason']);
    expect(schema.additionalProperties).toBe(false);
    expect((schema.properties as { reason: unknown }).reason).toEqual({
      anyOf: [{ type: 'string' }, { type: 'null' }],
    });
    const union = submitToolInputSchema(verdict, 'openai');
    expect(JSON.stringify(union)).not.toContain('oneOf');
  });
});

describe('readSubmission', () => {
  it.each([
    ['an object answer', refund, { refund: true }, { refund: true }],
    [
      'an answer with the nulls OpenAI strict mode adds',
      refund,
      { refund: false, reason: null },
      { refund: false },
    ],
    [
      'a wrapped union answer',
      verdict,
      { answer: { verdict: 'fail', reasons: ['x'] } },
      { verdict: 'fail', reasons: ['x'] },
    ],
  ] as const)('reads %s', (_, contract, args, value) => {
    expect(readSubmission(contract as typeof refund, args)).toMatchObject({ success: true, data: value });
  });

  it.each([
    undefined,
    null,
    '',
    '{',
    [],
    42,
    { refund: 'yes' },
    { answer: { refund: true } },
    { refund: true, extra: 1 },
  ])('refuses %j with a typed failure and no throw', (args) => {
    const result = readSubmission(refund, args);
    expect(result.success).toBe(false);
  });

  it('refuses wrapped arguments without "answer", naming the shape', () => {
    const result = readSubmission(verdict, { verdict: 'pass' });
    expect(result).toMatchObject({ success: false, error: { code: 'missing_payload' } });
    expect(!result.success && result.error.message).toContain('{"answer": …}');
  });
});

describe('reading a tool-delivered contract from a run', () => {
  it('takes the last submit call that completed and validates, by the tool’s own name', () => {
    const calls = [
      call('submit_shop_refund', { refund: true }),
      call('submit_shop_refund', { refund: false }),
      call('submit_shop_refund', { refund: 'maybe' }),
      call('submit_shop_refund', { refund: true, reason: 'late' }, 'running'),
      call('submit_shop_refund_v2', { refund: true, reason: 'other tool' }),
    ];
    expect(refund.readToolCalls?.(calls)).toMatchObject({ success: true, data: { refund: false } });
  });

  it('leaves a runtime’s MCP naming to the adapters: a qualified name is not matched by a guess', () => {
    // `mcp__<server>__<tool>` is Claude Code's; OpenCode's `<server>_<tool>` or Copilot's `<server>-<tool>`
    // would be others: the adapters' readers give each runtime's submit call the tool's name first.
    for (const name of ['mcp__skillpack__submit_shop_refund', 'x_submit_shop_refund', 'x-submit_shop_refund'])
      expect(refund.readToolCalls?.([call(name, { refund: false })]), name).toBeUndefined();
  });

  it('fails with the last submit failure when no submit validated, and is undefined without a submit', () => {
    expect(refund.readToolCalls?.([call('submit_shop_refund', { refund: 1 })])).toMatchObject({
      success: false,
    });
    expect(refund.readToolCalls?.([call('Bash', { command: 'ls' })])).toBeUndefined();
    expect(
      refund.readToolCalls?.([call('submit_shop_refund', { refund: true }, 'declined')]),
    ).toBeUndefined();
    expect(refund.readToolCalls?.([call('submit_shop_refund', { refund: true }, 'running')])).toBeUndefined();
    expect(
      refund.readToolCalls?.([call('submit_shop_refund', { refund: true }, 'unconfirmed')]),
    ).toBeUndefined();
  });

  it('counts a failed submit call as the attempt it was, never as the answer', () => {
    // A wrong value the server answered as a tool error: runtimes report the call as failed.
    const rejected = refund.readToolCalls?.([call('submit_shop_refund', { refund: 'x' }, 'error')]);
    expect(rejected).toMatchObject({ success: false, error: { code: 'invalid_payload' } });
    expect(!rejected?.success && refund.isAttempt(rejected!.error)).toBe(true);
    // A right value whose call failed anyway delivered nothing.
    expect(refund.readToolCalls?.([call('submit_shop_refund', { refund: true }, 'error')])).toMatchObject({
      success: false,
      error: { code: 'submit_failed' },
    });
    // An accepted submit before a failed one stays the answer.
    const calls = [
      call('submit_shop_refund', { refund: true }),
      call('submit_shop_refund', { refund: 1 }, 'error'),
    ];
    expect(refund.readToolCalls?.(calls)).toMatchObject({ success: true, data: { refund: true } });
  });

  it('never reads the final message: a written answer is submit_not_called, no trace is missing_payload', () => {
    expect(refund.extract('{"refund":true}')).toMatchObject({
      success: false,
      error: { code: 'submit_not_called' },
    });
    expect(refund.extract('All done.')).toMatchObject({ success: false, error: { code: 'missing_payload' } });
    const written = refund.extract('{"refund":true}');
    expect(!written.success && refund.isAttempt(written.error)).toBe(true);
  });

  it('corrects by showing the arguments to call the tool with', () => {
    const failed = readSubmission(verdict, { answer: { verdict: 'fail', reasons: [] } });
    if (failed.success) throw new Error('expected a failure');
    const text = verdict.correct(failed.error);
    expect(text).toContain('Call the submit_shop_verdict tool with arguments');
    expect(text).toContain('{"answer":{"verdict":"fail"');
  });
});
