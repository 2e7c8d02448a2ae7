import type { FinishState, RunError } from '../agent-run.js';

/** A run that ended `finish` for the reason `code`, which `message` says. */
export function endedWith(
  finish: FinishState,
  code: string,
  message: string,
): { finish: FinishState; error: RunError } {
  return { finish, error: { code, message } };
}
