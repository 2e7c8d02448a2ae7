import { describeValue, ProtocolError } from '../errors.js';
import { fail, ok, type Result } from '../result.js';
import type { MaestroProtocolError } from './error-codes.js';

/** `maestro run complete --verdict` values (maestro-flow v0.5.79, where ralph moved into `maestro run`). */
export const RUN_VERDICTS = ['done', 'done-with-concerns', 'needs-retry', 'blocked'] as const;
/** A `maestro run complete --verdict` value, one of `RUN_VERDICTS`. */
export type RunVerdict = (typeof RUN_VERDICTS)[number];

const RUN_VERDICT_ALIASES: Readonly<Record<string, RunVerdict>> = {
  ready: 'done',
  'ready-with-concerns': 'done-with-concerns',
  failed: 'needs-retry',
};

/**
 * `parseVerdict` of `src/commands/run.ts`: trim, lower-case, `_` to `-`, then the four verdicts or an alias
 * (`ready`, `ready-with-concerns`, `failed`); a missing verdict means `done`.
 */
export function safeParseRunVerdict(input: unknown): Result<RunVerdict, MaestroProtocolError> {
  if (input === null || input === undefined) return ok('done');
  if (typeof input !== 'string') {
    return fail(
      new ProtocolError(
        'invalid_verdict',
        `Expected --verdict as a string; received ${describeValue(input)}.`,
        {
          details: { fieldPath: 'verdict' },
        },
      ),
    );
  }
  const normalized = input.trim().toLowerCase().replaceAll('_', '-');
  if ((RUN_VERDICTS as readonly string[]).includes(normalized)) return ok(normalized as RunVerdict);
  const alias = Object.hasOwn(RUN_VERDICT_ALIASES, normalized) ? RUN_VERDICT_ALIASES[normalized] : undefined;
  if (alias !== undefined) return ok(alias);
  return fail(
    new ProtocolError(
      'invalid_verdict',
      `--verdict must be one of ${RUN_VERDICTS.join(', ')} (or ready, ready-with-concerns, failed); received ${describeValue(input, 60)}.`,
      { details: { fieldPath: 'verdict', value: input.slice(0, 200), expected: RUN_VERDICTS } },
    ),
  );
}
