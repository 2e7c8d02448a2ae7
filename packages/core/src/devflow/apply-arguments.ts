import { z } from 'zod';
import { describeValue } from '../errors.js';
import { fail, ok, type Result } from '../result.js';
import { devflowError, errorFromIssues } from './_errors.js';
import { isCoreId } from './_text.js';
import { type Action, safeParseAction } from './action.js';
import type { DevflowProtocolError } from './error-codes.js';
import { type ActionPayload, NODE_PAYLOAD_SCHEMAS } from './node-payloads.js';
import { BlockerResolutionPayloadSchema } from './node-results.js';
import { checkActionPayload, standardPayloadContext } from './payload-check.js';
import { type PreflightOptions, preflightApply } from './preflight.js';
import { DigestSchema, IdSchema, RevisionSchema } from './primitives.js';
import { findNode } from './process.js';
import { ACTION_KINDS, HOSTS, type Host, NODE_IDS } from './vocabulary.js';

/** The recovery marker Core asks for with `submit_recovery_apply`: the original operation id and cursor. */
export const RecoveryApplySchema = z.strictObject({
  operation_id: IdSchema,
  source_cursor: z.enum(NODE_IDS),
});
/** The recovery marker sent with `submit_recovery_apply`: the original operation id and cursor. */
export type RecoveryApply = z.output<typeof RecoveryApplySchema>;

/** Any payload `dev_flow_apply_action` carries (the node branch is chosen by `action_kind`). */
export const ActionPayloadSchema = z.union([
  ...Object.values(NODE_PAYLOAD_SCHEMAS),
  BlockerResolutionPayloadSchema,
] as unknown as readonly [z.ZodType<ActionPayload>, ...z.ZodType<ActionPayload>[]]);

/** `dev_flow_apply_action` input: identity mapped from one fresh Action, the closed payload, no wrapper. */
export const ApplyArgumentsSchema = z.strictObject({
  request_id: IdSchema,
  host: z.enum(HOSTS),
  task_id: IdSchema,
  revision: RevisionSchema,
  action_id: IdSchema,
  action_kind: z.enum(ACTION_KINDS),
  process_id: z.literal('standard-development'),
  process_version: z.literal(1),
  process_definition_digest: DigestSchema,
  source_cursor: z.enum(NODE_IDS),
  repository_binding_digest: DigestSchema,
  payload: ActionPayloadSchema,
  recovery_apply: RecoveryApplySchema.nullable().optional(),
});
/** The `dev_flow_apply_action` arguments mapped from one fresh Action and its payload. */
export type ApplyArguments = z.output<typeof ApplyArgumentsSchema>;

/** The arguments with the payload left to the node check, which knows Core's order. */
const ApplyArgumentsShapeSchema = ApplyArgumentsSchema.omit({ payload: true }).extend({
  payload: z.unknown(),
});

/**
 * Validate apply arguments on their own (no Action at hand): the closed shape, `action_kind` matching the
 * `source_cursor` node, and the payload against that node's standard Action. Failure codes are Core's.
 */
export function safeParseApplyArguments(value: unknown): Result<ApplyArguments, DevflowProtocolError> {
  const parsed = ApplyArgumentsShapeSchema.safeParse(value);
  if (!parsed.success) {
    return fail(
      errorFromIssues(
        'INVALID_ARGUMENT',
        'The dev_flow_apply_action arguments do not match the closed input',
        parsed.error.issues,
        value,
      ),
    );
  }
  const args = parsed.data;
  const node = findNode(args.source_cursor);
  if (!node || node.action_kind !== args.action_kind) {
    return fail(
      devflowError(
        'ACTION_STALE',
        'action_kind_mismatch',
        `action_kind ${args.action_kind} is not the Action kind of source_cursor ${args.source_cursor}.`,
        {
          fieldPath: 'action_kind',
        },
      ),
    );
  }
  const checked = checkActionPayload(standardPayloadContext(args.source_cursor), args.payload);
  return checked.success ? ok({ ...args, payload: checked.data.payload }) : checked;
}

/** What `createApplyArguments` maps: the fresh Action, the payload, the retained request id and the host. */
export interface ApplyArgumentsInput {
  /** The same fresh Action the payload was built for. */
  readonly action: Action | unknown;
  readonly payload: unknown;
  /** The caller-generated opaque request id, retained before dispatch (never generated here). */
  readonly requestId: string;
  readonly host?: Host;
}

/**
 * Map a fresh Action and its payload to `dev_flow_apply_action` arguments after a full pre-flight:
 * identity from the Action, `source_cursor` = `current_node`, integer revision, payload as an object, no
 * outer wrapper, no `destination` / `next_node` / `next_cursor`, no `recovery_apply`.
 */
export function createApplyArguments(
  input: ApplyArgumentsInput,
  options: PreflightOptions = {},
): Result<ApplyArguments, DevflowProtocolError> {
  if (typeof input?.requestId !== 'string' || !isCoreId(input.requestId)) {
    return fail(
      devflowError(
        'INVALID_ARGUMENT',
        'invalid_request_id',
        `requestId must be an opaque id of 1 to 128 bytes without whitespace; received ${describeValue(input?.requestId)}.`,
        {
          fieldPath: 'request_id',
        },
      ),
    );
  }
  const host = input.host ?? 'codex';
  if (!(HOSTS as readonly unknown[]).includes(host)) {
    return fail(
      devflowError(
        'INVALID_ARGUMENT',
        'invalid_host',
        `host must be one of ${HOSTS.join(', ')}; received ${describeValue(host)}.`,
        {
          fieldPath: 'host',
        },
      ),
    );
  }
  const bound = safeParseAction(input.action);
  if (!bound.success) return bound;
  const checked = preflightApply(bound.data, input.payload, options);
  if (!checked.success) return checked;
  const action = bound.data;
  return ok({
    request_id: input.requestId,
    host,
    task_id: action.task_id,
    revision: action.revision,
    action_id: action.action_id,
    action_kind: action.action_kind,
    process_id: action.process_id as 'standard-development',
    process_version: action.process_version as 1,
    process_definition_digest: action.process_definition_digest,
    source_cursor: action.current_node,
    repository_binding_digest: action.repository_binding_digest,
    payload: checked.data.payload,
  });
}
