import { commandExitError } from '../_shared/tool-calls.js';

/**
 * OpenCode reports a shell command that exited non-zero as a `completed` tool call and keeps the exit code in
 * the part's `state.metadata.exit` (its `bash` tool, 1.18.33). Such a call failed: its error (`commandExitError`),
 * or undefined for any other call. Pure.
 */
export function openCodeExitError(state: {
  readonly status?: unknown;
  readonly metadata?: unknown;
}): string | undefined {
  if (state.status !== 'completed' || typeof state.metadata !== 'object' || state.metadata === null)
    return undefined;
  const exit = (state.metadata as { exit?: unknown }).exit;
  return typeof exit === 'number' && exit !== 0 ? commandExitError(exit) : undefined;
}
