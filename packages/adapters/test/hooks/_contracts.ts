import { defineContract, ok, ProtocolError } from '@skillpack/core';
import { z } from 'zod';

/** Small real contracts (built with the core's `defineContract`) for the hook logic tests. */
export const greetingContract = defineContract({
  id: 'test.greeting',
  version: '1.0.0',
  title: 'Greeting',
  description: 'A JSON greeting on its own line.',
  delivery: 'text',
  schema: z.strictObject({ greeting: z.string().min(1) }),
  examples: [{ name: 'hello', value: { greeting: 'hello' } }],
});

export const verdictContract = defineContract({
  id: 'test.verdict',
  version: '1.0.0',
  title: 'Verdict',
  description: 'A JSON verdict on its own line.',
  delivery: 'text',
  schema: z.strictObject({ verdict: z.enum(['pass', 'fail']) }),
  examples: [{ name: 'pass', value: { verdict: 'pass' } }],
});

const FallbackSchema = z.union([
  z.strictObject({ fallback: z.literal(false), status: z.string() }),
  z.strictObject({ fallback: z.literal(true), status: z.literal('DONE_WITH_CONCERNS') }),
]);

/** Like maestro's result: without a `STATUS:` line the parser succeeds with a marked fallback. */
export const fallbackContract = defineContract({
  id: 'test.fallback',
  version: '1.0.0',
  title: 'Status line',
  description: 'A STATUS line.',
  delivery: 'text',
  schema: FallbackSchema,
  examples: [{ name: 'done', value: { fallback: false, status: 'DONE' } }],
  extract: (text) => {
    const line = text.split('\n').find((candidate) => candidate.startsWith('STATUS: '));
    if (line) return ok({ fallback: false as const, status: line.slice('STATUS: '.length) });
    return ok({ fallback: true as const, status: 'DONE_WITH_CONCERNS' as const }, [
      { code: 'E013', message: 'No STATUS line; fallback applied.' },
    ]);
  },
  rejectValue: (value, warnings) =>
    value.fallback
      ? new ProtocolError(
          'fallback_result',
          `The message holds no complete status line. ${warnings.map((w) => w.message).join(' ')}`,
          { details: { warnings } },
        )
      : undefined,
  isAttempt: (error) => error.code !== 'fallback_result' && error.code !== 'missing_payload',
});

/** A discriminated union of strict, strip and loose objects: what the generated validators must hold to. */
export const unionContract = defineContract({
  id: 'test.union',
  version: '1.0.0',
  title: 'Union',
  description: 'A discriminated union of strict, strip and loose objects.',
  delivery: 'text',
  schema: z.discriminatedUnion('status', [
    z.strictObject({ status: z.literal('done'), items: z.array(z.string().min(1)).min(1) }),
    z.object({ status: z.literal('blocked'), reason: z.string().max(20) }),
    z.looseObject({ status: z.literal('later'), at: z.number().int().optional() }),
  ]),
  examples: [
    { name: 'done', value: { status: 'done', items: ['a'] } },
    { name: 'blocked', value: { status: 'blocked', reason: 'red build' } },
    { name: 'later', value: { status: 'later', at: 3 } },
  ],
});

export const GREETING = '{"greeting":"hi"}';
