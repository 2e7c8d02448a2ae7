import { describeValue } from '../errors.js';

/** Every error code a Contract 0.2 envelope carries (`internal/mcp/results.go` `publicFailure`). */
export const CORE_ERROR_CODES = [
  'INVALID_ARGUMENT',
  'NOT_GIT_REPOSITORY',
  'TASK_NOT_FOUND',
  'ACTIVE_TASK_CONFLICT',
  'HOST_OWNERSHIP_CONFLICT',
  'REVISION_CONFLICT',
  'ACTION_STALE',
  'REPOSITORY_DRIFT',
  'TRANSITION_NOT_ALLOWED',
  'PROCESS_UNSUPPORTED',
  'RECOVERY_UNAVAILABLE',
  'VERIFICATION_BUDGET_EXCEEDED',
  'TASK_BLOCKED',
  'TASK_TERMINAL',
  'SCHEMA_UNSUPPORTED',
  'STORAGE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
/** An error code a Contract 0.2 envelope carries, one of `CORE_ERROR_CODES`. */
export type CoreErrorCode = (typeof CORE_ERROR_CODES)[number];

export const RECOVERY_ACTIONS = [
  'none',
  'read_task',
  'read_next_action',
  'cancel_or_finish_active_task',
  'use_origin_host',
  'resolve_repository_drift',
  'repair_storage',
  'report_internal_error',
] as const;
/** The recovery action Core names for an error, one of `RECOVERY_ACTIONS`. */
export type RecoveryAction = (typeof RECOVERY_ACTIONS)[number];

/**
 * One row of Core's error table: the code, its message, and the recovery action and message it comes with.
 */
export interface CoreErrorRow {
  readonly code: CoreErrorCode;
  readonly message: string;
  readonly action: RecoveryAction;
  readonly recoveryMessage: string;
}

function row(
  code: CoreErrorCode,
  message: string,
  action: RecoveryAction,
  recoveryMessage: string,
): CoreErrorRow {
  return { code, message, action, recoveryMessage };
}

/** Core's fixed public failure per code: its message, the recovery action and recovery message. */
export const CORE_ERROR_TABLE: readonly CoreErrorRow[] = [
  row(
    'INVALID_ARGUMENT',
    'The request does not match the closed Core contract.',
    'none',
    'Correct the request before submitting it again.',
  ),
  row(
    'NOT_GIT_REPOSITORY',
    'The requested path is not a Git repository.',
    'none',
    'Choose a valid local Git repository.',
  ),
  row(
    'TASK_NOT_FOUND',
    'The task was not found.',
    'read_task',
    'Confirm the retained task identity before continuing.',
  ),
  row(
    'ACTIVE_TASK_CONFLICT',
    'The repository already has an incompatible active task.',
    'cancel_or_finish_active_task',
    'Finish or cancel the active task before opening another task.',
  ),
  row(
    'HOST_OWNERSHIP_CONFLICT',
    'The task belongs to another host.',
    'use_origin_host',
    'Resume the task from its origin host.',
  ),
  row(
    'REVISION_CONFLICT',
    'The submitted task revision is stale.',
    'read_task',
    'Read the authoritative task before another mutation.',
  ),
  row(
    'ACTION_STALE',
    'The submitted action identity is stale.',
    'read_next_action',
    'Read and use the exact persisted next action.',
  ),
  row(
    'REPOSITORY_DRIFT',
    'The repository binding is not permitted for this operation.',
    'resolve_repository_drift',
    'Restore the required repository reality before continuing.',
  ),
  row(
    'TRANSITION_NOT_ALLOWED',
    'The transition is not allowed from the current node.',
    'read_next_action',
    'Read the complete current transition set.',
  ),
  row(
    'PROCESS_UNSUPPORTED',
    'The process definition is unsupported.',
    'repair_storage',
    'Use storage created by this graph Core.',
  ),
  row(
    'RECOVERY_UNAVAILABLE',
    'Recovery is unavailable for this operation.',
    'none',
    'Do not automatically retry; use only a supported graph recovery route.',
  ),
  row(
    'VERIFICATION_BUDGET_EXCEEDED',
    'The submitted evidence exceeds the verification budget.',
    'read_next_action',
    'Remain within the current evidence budget.',
  ),
  row('TASK_BLOCKED', 'The task is blocked.', 'read_next_action', 'Read the blocker-resolution action.'),
  row('TASK_TERMINAL', 'The task is terminal.', 'read_task', 'Read the retained terminal outcome.'),
  row(
    'SCHEMA_UNSUPPORTED',
    'Pre-graph task data is unsupported by this Core.',
    'repair_storage',
    'Choose a fresh data directory or manage the old directory outside Core.',
  ),
  row(
    'STORAGE_UNAVAILABLE',
    'Core storage is unavailable.',
    'repair_storage',
    'Restore storage availability before continuing.',
  ),
  row(
    'INTERNAL_ERROR',
    'The Core could not complete the operation.',
    'report_internal_error',
    'Report the bounded failure and stop this operation.',
  ),
];

export function coreErrorRow(code: string): CoreErrorRow | undefined {
  return CORE_ERROR_TABLE.find((entry) => entry.code === code);
}

/**
 * The bounded explanation for `SCHEMA_UNSUPPORTED`. It is fixed text: it never echoes Core's message, a data
 * directory, a `HOME` value, a username, a SQLite or Git error.
 */
export const SCHEMA_UNSUPPORTED_GUIDANCE = [
  'Dev Flow Core reported SCHEMA_UNSUPPORTED: the selected data directory holds pre-graph or otherwise incompatible data.',
  'Core did not modify or delete the old data.',
  'To continue, act explicitly outside Core: choose a fresh DEV_FLOW_DATA_DIR, or manually archive, rename or delete the old directory.',
  'Nothing was retried, reset, converted or migrated; invoke the Skill again after that choice.',
].join(' ');

/** What an adapter reports for a complete `ok: false` result, and whether it must stop there. */
export interface DomainErrorReport {
  readonly code: string;
  readonly recoveryAction: string;
  /** Text safe to show the user: Core's table text, never private paths. */
  readonly guidance: string;
  /** `retry_safe: false` with `action: none`: call neither get_next_action nor apply_action. */
  readonly stop: boolean;
}

/**
 * Codes the seed makes terminal whatever Core says about retrying: `SCHEMA_UNSUPPORTED` needs a person's
 * choice of data directory, and `INVALID_ARGUMENT` is "a complete payload-contract rejection … do not …
 * submit a second candidate payload for the same Action, automatically retry" (seed 003).
 */
const ALWAYS_STOP: ReadonlySet<string> = new Set(['SCHEMA_UNSUPPORTED', 'INVALID_ARGUMENT']);

/** Turn a domain error into a bounded report; unknown codes are named but their text is not echoed. */
export function describeDomainError(error: {
  code: string;
  action: string;
  retrySafe: boolean;
}): DomainErrorReport {
  const known = coreErrorRow(error.code);
  const guidance =
    error.code === 'SCHEMA_UNSUPPORTED'
      ? SCHEMA_UNSUPPORTED_GUIDANCE
      : known
        ? `${known.message} ${known.recoveryMessage}`
        : `Dev Flow Core returned the unknown error code ${describeValue(error.code, 64)}; stop and report it.`;
  return {
    code: error.code,
    recoveryAction: error.action,
    guidance,
    stop: ALWAYS_STOP.has(error.code) || !known || (!error.retrySafe && error.action === 'none'),
  };
}
