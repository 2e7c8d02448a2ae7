import { z } from 'zod';
import { fail, ok, type Result } from '../result.js';
import { errorFromIssues } from './_errors.js';
import type { DevflowProtocolError } from './error-codes.js';
import { type DomainErrorReport, describeDomainError } from './error-table.js';
import { safeParseJsonText } from './json-text.js';
import { DEVFLOW_LIMITS } from './limits.js';
import { TOOL_NAMES, type ToolName } from './vocabulary.js';

const EnvelopeBase = {
  schema_version: z.literal(2),
  request_id: z.string().min(1).max(DEVFLOW_LIMITS.MAX_IDENTIFIER_BYTES),
  tool: z.enum(TOOL_NAMES),
};

/** Validates the `error` of a failed result envelope: its code and message. */
export const CoreErrorSchema = z.looseObject({ code: z.string().min(1), message: z.string() });
/**
 * Validates the `recovery` of a failed result envelope: whether a retry is safe, the action and the message.
 */
export const CoreRecoverySchema = z.looseObject({
  retry_safe: z.boolean(),
  action: z.string().min(1),
  message: z.string(),
});

/** A complete Contract 0.2 result envelope: `ok: true` with `result`, or `ok: false` with `error` and `recovery`. */
export const ResultEnvelopeSchema = z.discriminatedUnion('ok', [
  z.looseObject({
    ...EnvelopeBase,
    ok: z.literal(true),
    result: z.record(z.string(), z.unknown()),
    error: z.undefined().optional(),
  }),
  z.looseObject({
    ...EnvelopeBase,
    ok: z.literal(false),
    error: CoreErrorSchema,
    recovery: CoreRecoverySchema,
    result: z.undefined().optional(),
  }),
]);
/**
 * A complete Contract 0.2 result envelope: `ok: true` with `result`, or `ok: false` with `error` and
 * `recovery`.
 */
export type ResultEnvelope = z.output<typeof ResultEnvelopeSchema>;

/** Validate an envelope value, or JSON text (bounded by the 1 MiB envelope cap, duplicate members refused). */
export function safeParseResultEnvelope(input: unknown): Result<ResultEnvelope, DevflowProtocolError> {
  let value = input;
  if (typeof input === 'string' || input instanceof Uint8Array) {
    const decoded = safeParseJsonText(input, {
      maxBytes: DEVFLOW_LIMITS.MAX_RESULT_ENVELOPE_BYTES,
      limitName: 'MAX_RESULT_ENVELOPE_BYTES',
    });
    if (!decoded.success) return decoded;
    value = decoded.data;
  }
  const parsed = ResultEnvelopeSchema.safeParse(value);
  return parsed.success
    ? ok(parsed.data)
    : fail(
        errorFromIssues(
          'envelope_malformed',
          'The Dev Flow result envelope is incomplete or malformed',
          parsed.error.issues,
          value,
        ),
      );
}

/**
 * Why a result is uncertain. Seed 003: "A mutation result is uncertain when it is missing, cancelled,
 * malformed, truncated, or transport-failed"; `foreign` is a complete result for another request or tool.
 */
export const UNCERTAIN_REASONS = [
  'missing',
  'cancelled',
  'malformed',
  'truncated',
  'transport_failed',
  'foreign',
] as const;
/** Why a mutation's result is uncertain, one of `UNCERTAIN_REASONS`. */
export type UncertainReason = (typeof UNCERTAIN_REASONS)[number];

/** How a tool call ended on the host's side: a response came back, or the call was cancelled or failed. */
export type ToolCallEnd =
  | { readonly ended: 'response'; readonly response: unknown }
  | { readonly ended: 'cancelled' }
  | { readonly ended: 'transport_failed'; readonly cause?: unknown };

/** Classify how a call ended: a cancelled or transport-failed call is uncertain, a response is classified. */
export function classifyToolCall(call: ToolCallEnd, expected: ExpectedResponse): ToolResponseOutcome {
  if (call.ended === 'cancelled') return { outcome: 'uncertain', reason: 'cancelled' };
  if (call.ended === 'transport_failed') return { outcome: 'uncertain', reason: 'transport_failed' };
  return classifyToolResponse(call.response, expected);
}

/** How a host must treat one tool response. */
export type ToolResponseOutcome =
  | { readonly outcome: 'ok'; readonly envelope: ResultEnvelope & { ok: true } }
  | {
      readonly outcome: 'domain_error';
      readonly envelope: ResultEnvelope & { ok: false };
      readonly report: DomainErrorReport;
    }
  | {
      readonly outcome: 'uncertain';
      readonly reason: UncertainReason;
      readonly error?: DevflowProtocolError;
    };

/** The response an operation waits for: the tool it called and, for a mutation, the request id it sent. */
export interface ExpectedResponse {
  readonly tool: ToolName;
  /** The request id sent with a mutation; a response for another id is not this operation's result. */
  readonly requestId?: string;
}

/**
 * Classify a response: a complete `ok: true` result, an authoritative domain error (never uncertainty), or an
 * uncertain result (missing, truncated, malformed, or for another request) that must go through recovery.
 */
export function classifyToolResponse(response: unknown, expected: ExpectedResponse): ToolResponseOutcome {
  if (response === undefined || response === null || response === '')
    return { outcome: 'uncertain', reason: 'missing' };
  const parsed = safeParseResultEnvelope(response);
  if (!parsed.success) {
    const rule = parsed.error.details.rule;
    const reason = rule === 'truncated' || rule === 'too_large' ? 'truncated' : 'malformed';
    return { outcome: 'uncertain', reason, error: parsed.error };
  }
  const envelope = parsed.data;
  if (
    envelope.tool !== expected.tool ||
    (expected.requestId !== undefined && envelope.request_id !== expected.requestId)
  ) {
    return { outcome: 'uncertain', reason: 'foreign' };
  }
  if (envelope.ok) return { outcome: 'ok', envelope };
  return {
    outcome: 'domain_error',
    envelope,
    report: describeDomainError({
      code: envelope.error.code,
      action: envelope.recovery.action,
      retrySafe: envelope.recovery.retry_safe,
    }),
  };
}
