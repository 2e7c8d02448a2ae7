import { z } from 'zod';
import { ProtocolError } from '../errors.js';
import { fail, ok, type Result } from '../result.js';
import { isJsonObject } from '../text/json-line.js';
import { errorFromIssues } from './_errors.js';
import type { DevflowProtocolError } from './error-codes.js';
import { DigestSchema, IdSchema, RevisionSchema } from './primitives.js';
import { ACTION_KINDS, NODE_IDS } from './vocabulary.js';

/** The closed probe sent with `dev_flow_get_task` after an uncertain apply. */
export const OperationProbeSchema = z.strictObject({
  operation_id: IdSchema,
  process_id: z.literal('standard-development'),
  process_version: z.literal(1),
  process_definition_digest: DigestSchema,
  source_cursor: z.enum(NODE_IDS),
  expected_revision: RevisionSchema,
  action_id: IdSchema,
  action_kind: z.enum(ACTION_KINDS),
  repository_binding_digest: DigestSchema,
  /** The exact original closed payload, or `null` when it was not completely retained. */
  payload: z.record(z.string(), z.unknown()).nullable(),
});
/** The closed probe sent with `dev_flow_get_task` after an uncertain apply. */
export type OperationProbe = z.output<typeof OperationProbeSchema>;

/** The identity retained before dispatching `dev_flow_apply_action` (the apply arguments themselves). */
export const RetainedIdentitySchema = z.object({
  request_id: IdSchema,
  task_id: IdSchema,
  process_id: z.literal('standard-development'),
  process_version: z.literal(1),
  process_definition_digest: DigestSchema,
  source_cursor: z.enum(NODE_IDS),
  revision: RevisionSchema,
  action_id: IdSchema,
  action_kind: z.enum(ACTION_KINDS),
  repository_binding_digest: DigestSchema,
});
/** The identity retained before dispatching `dev_flow_apply_action`: the apply arguments themselves. */
export type RetainedIdentity = z.output<typeof RetainedIdentitySchema>;

/** What a host retained of one apply dispatch; `payload` only when it was completely retained. */
export type RetainedApplyRequest = Partial<RetainedIdentity> & {
  readonly payload?: unknown;
  readonly host?: string;
};

const IDENTITY_FIELDS = Object.keys(RetainedIdentitySchema.shape);

/** Read the retained identity, refusing (never filling in) a missing or malformed value. */
export function readRetainedIdentity(retained: unknown): Result<RetainedIdentity, DevflowProtocolError> {
  const source = isJsonObject(retained) ? retained : {};
  const missing = IDENTITY_FIELDS.filter((field) => source[field] === undefined || source[field] === null);
  if (missing.length > 0) {
    return fail(
      new ProtocolError(
        'probe_identity_missing',
        `Cannot prove the mutation state: the retained request lacks ${missing.join(', ')}. Send no operation_probe (no half or fabricated probe), do not retry, and report it.`,
        { details: { rule: 'probe_identity_missing', missing } },
      ),
    );
  }
  const parsed = RetainedIdentitySchema.safeParse(source);
  return parsed.success
    ? ok(parsed.data)
    : fail(
        errorFromIssues(
          'probe_identity_invalid',
          'Cannot build an operation_probe from malformed retained identity',
          parsed.error.issues,
          source,
          'probe_identity_invalid',
        ),
      );
}

/**
 * Build the closed `operation_probe` from the retained original request: `operation_id` is the original
 * apply `request_id`, `expected_revision` the original revision, `payload` the exact original payload or
 * `null`. Refuses to build any probe when an identity value is missing.
 */
export function createOperationProbe(retained: unknown): Result<OperationProbe, DevflowProtocolError> {
  const identity = readRetainedIdentity(retained);
  if (!identity.success) return identity;
  const id = identity.data;
  const payload = isJsonObject(retained) && isJsonObject(retained.payload) ? retained.payload : null;
  const probe: OperationProbe = {
    operation_id: id.request_id,
    process_id: id.process_id,
    process_version: id.process_version,
    process_definition_digest: id.process_definition_digest,
    source_cursor: id.source_cursor,
    expected_revision: id.revision,
    action_id: id.action_id,
    action_kind: id.action_kind,
    repository_binding_digest: id.repository_binding_digest,
    payload,
  };
  return ok(
    probe,
    payload === null
      ? [
          {
            code: 'payload_not_retained',
            message: 'The original payload was not completely retained; the probe carries payload null.',
          },
        ]
      : undefined,
  );
}

/** Validate a probe value (for example one a host built itself). */
export function safeParseOperationProbe(value: unknown): Result<OperationProbe, DevflowProtocolError> {
  const parsed = OperationProbeSchema.safeParse(value);
  return parsed.success
    ? ok(parsed.data)
    : fail(
        errorFromIssues(
          'INVALID_ARGUMENT',
          'operation_probe does not match the closed Core contract',
          parsed.error.issues,
          value,
        ),
      );
}
