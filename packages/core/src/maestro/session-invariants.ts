import { isDateTimeStamp } from './_timestamp.js';

/** One broken maestro-ralph-cli session invariant. */
export interface SessionInvariantViolation {
  readonly field: 'session_id' | 'platform';
  readonly message: string;
}

/** The parts of a session the invariants read; untrusted, so every field is optional. */
export interface SessionInvariantInput {
  readonly session_id?: unknown;
  readonly execution_mode?: unknown;
  readonly platform?: unknown;
}

const RALPH_CLI_SESSION_ID = /^ralph-cli-(\d{8})-(\d{6})$/;

/** Whether `id` is `ralph-cli-{YYYYMMDD-HHmmss}` with a real date and time. */
export function isRalphCliSessionId(id: unknown): boolean {
  if (typeof id !== 'string') return false;
  const match = RALPH_CLI_SESSION_ID.exec(id);
  return match !== null && isDateTimeStamp(match[1]!, match[2]!);
}

/**
 * maestro-ralph-cli's session invariants (seed 002 A_CREATE_SESSION and invariant 21): a `cli-delegate`
 * session has `session_id` `ralph-cli-{YYYYMMDD-HHmmss}` and `platform: "codex"`.
 */
export function checkRalphCliSessionInvariants(session: SessionInvariantInput): SessionInvariantViolation[] {
  if (session === null || typeof session !== 'object' || session.execution_mode !== 'cli-delegate') return [];
  const violations: SessionInvariantViolation[] = [];
  if (!isRalphCliSessionId(session.session_id)) {
    violations.push({
      field: 'session_id',
      message: `A cli-delegate session id is ralph-cli-{YYYYMMDD-HHmmss}; received ${JSON.stringify(session.session_id) ?? 'nothing'}.`,
    });
  }
  if (session.platform !== 'codex') {
    violations.push({
      field: 'platform',
      message: `execution_mode "cli-delegate" implies platform "codex"; received ${JSON.stringify(session.platform) ?? 'nothing'}.`,
    });
  }
  return violations;
}

/**
 * The executor's rule (seed 002, maestro-ralph-cli-execute success criteria): "Platform: only processes
 * codex sessions (or absent → codex)".
 */
export function executorAcceptsSession(session: { readonly platform?: unknown }): boolean {
  const platform = session === null || typeof session !== 'object' ? undefined : session.platform;
  return platform === undefined || platform === null || platform === 'codex';
}
