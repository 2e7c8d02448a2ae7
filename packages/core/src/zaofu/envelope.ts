import { z } from 'zod';
import { describeValue, ProtocolError } from '../errors.js';
import { protocolErrorFromZod } from '../issues.js';
import { fail, type Result } from '../result.js';
import { safeJsonParse } from '../text/json-line.js';
import type { ZaofuProtocolError } from './error-codes.js';
import { EVENT_ORIGINS } from './event-types.js';

/**
 * One record of the kernel's `events.jsonl` (`ZfEvent`). Unknown keys are dropped on read, as the kernel
 * does, so logs written by newer kernels still parse; the kernel mints `id` as `evt-` + 12 hex digits.
 */
export const ZfEventSchema = z.object({
  type: z.string().min(1),
  id: z.string().min(1),
  ts: z.string().min(1),
  actor: z.string().nullable().default(null),
  task_id: z.string().nullable().default(null),
  payload: z.record(z.string(), z.unknown()).default({}),
  causation_id: z.string().nullable().default(null),
  correlation_id: z.string().nullable().default(null),
  origin: z.enum(EVENT_ORIGINS).default(''),
});
/** One record of the kernel's `events.jsonl`, unknown keys dropped. */
export type ZfEvent = z.output<typeof ZfEventSchema>;

/** Validate one parsed `events.jsonl` record as a `ZfEvent`, or return an `invalid_event` error. */
export function safeParseZfEvent(value: unknown): Result<ZfEvent, ZaofuProtocolError> {
  const parsed = ZfEventSchema.safeParse(value);
  if (parsed.success) return { success: true, data: parsed.data };
  return fail(protocolErrorFromZod(parsed.error, 'ZaoFu event', value, 'invalid_event'));
}

/** Parse one line of `events.jsonl`. */
export function safeParseZfEventLine(line: unknown): Result<ZfEvent, ZaofuProtocolError> {
  const parsed = typeof line === 'string' ? safeJsonParse(line.trim()) : undefined;
  if (parsed === undefined) {
    return fail(
      new ProtocolError(
        'invalid_event_json',
        `Expected one JSON object per events.jsonl line, e.g. {"type":"arch.proposal.done","id":"evt-…","ts":"…","payload":{}}; received ${describeValue(line)}.`,
      ),
    );
  }
  return safeParseZfEvent(parsed.value);
}
