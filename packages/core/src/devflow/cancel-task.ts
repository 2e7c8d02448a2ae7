import { z } from 'zod';
import { fail, ok, type Result } from '../result.js';
import { devflowError, errorFromIssues } from './_errors.js';
import type { DevflowProtocolError } from './error-codes.js';
import { coreText, IdSchema, RevisionSchema } from './primitives.js';
import { HOSTS } from './vocabulary.js';

/** `dev_flow_cancel_task` input (`internal/mcp/schemas.go`): request id, host, task id, revision, reason. */
export const CancelTaskArgumentsSchema = z.strictObject({
  request_id: IdSchema,
  host: z.enum(HOSTS),
  task_id: IdSchema,
  revision: RevisionSchema,
  reason: coreText('MAX_REASON_BYTES'),
});
/** The `dev_flow_cancel_task` arguments: request id, host, task id, revision and reason. */
export type CancelTaskArguments = z.output<typeof CancelTaskArgumentsSchema>;

/**
 * What `safeBuildCancelTaskArguments` maps: the request id, the user's explicit authority, and the task
 * identity.
 */
export interface CancelTaskInput {
  /** A caller-generated opaque id for this cancellation. */
  readonly requestId: string;
  /** Whether the current user turn explicitly asks to cancel this task. */
  readonly explicitUserAuthority: boolean;
  /** The task identity from a fresh, complete Core read (`dev_flow_get_task` / `get_next_action`) this turn. */
  readonly freshTask: { readonly task_id: string; readonly revision: number } | undefined;
  readonly reason: string;
}

/**
 * The `dev_flow_cancel_task` arguments. Seed 003: "Use `dev_flow_cancel_task` only after explicit user
 * authority and a fresh current Core identity." Without either the answer is a refusal, never arguments;
 * the host is always `codex`, the adapter's host.
 */
export function safeBuildCancelTaskArguments(
  input: CancelTaskInput,
): Result<CancelTaskArguments, DevflowProtocolError> {
  if (input.explicitUserAuthority !== true) {
    return fail(
      devflowError(
        'CANCEL_NOT_AUTHORIZED',
        'explicit_user_authority',
        'dev_flow_cancel_task needs the explicit authority of the current user turn; received none. Ask the user, and do not cancel on your own judgement.',
      ),
    );
  }
  if (input.freshTask === undefined) {
    return fail(
      devflowError(
        'CANCEL_WITHOUT_FRESH_IDENTITY',
        'fresh_identity',
        'dev_flow_cancel_task needs the task id and revision of a fresh, complete Core read; received none. Read the task first.',
      ),
    );
  }
  const value = {
    request_id: input.requestId,
    host: 'codex',
    task_id: input.freshTask.task_id,
    revision: input.freshTask.revision,
    reason: input.reason,
  };
  const parsed = CancelTaskArgumentsSchema.safeParse(value);
  return parsed.success
    ? ok(parsed.data)
    : fail(errorFromIssues('INVALID_ARGUMENT', 'dev_flow_cancel_task arguments', parsed.error.issues, value));
}
