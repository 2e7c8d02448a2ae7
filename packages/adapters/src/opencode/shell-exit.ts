import { commandExitError, commandSignalError } from '../_shared/tool-calls.js';

/**
 * OpenCode reports a shell command that exited non-zero as a `completed` tool call and keeps the exit code in
 * the part's `state.metadata.exit` (its `bash` tool, 1.18.33). A command that did not exit is `completed` too,
 * with `exit: null`: 1.18.33 waits out the tool's timeout on a command ended by a signal, then kills it and says
 * so in a `<shell_metadata>` block of the output (as for a timeout or an abort); a call still running has no
 * `exit` yet. Either call failed: its error (`commandExitError`, `commandSignalError`), or undefined for any other
 * call. Pure.
 */
export function openCodeExitError(state: {
  readonly status?: unknown;
  readonly output?: unknown;
  readonly metadata?: unknown;
}): string | undefined {
  if (state.status !== 'completed' || typeof state.metadata !== 'object' || state.metadata === null)
    return undefined;
  const exit = (state.metadata as { exit?: unknown }).exit;
  if (exit === null) return commandSignalError(`OpenCode${stopNoteOf(state.output)}`);
  return typeof exit === 'number' && exit !== 0 ? commandExitError(exit) : undefined;
}

/** The first sentence of the `<shell_metadata>` block OpenCode ends a stopped command's output with, as `: …`. */
function stopNoteOf(output: unknown): string {
  const note = typeof output === 'string' ? /<shell_metadata>\n([^\n.]+)/.exec(output)?.[1] : undefined;
  return note ? `: ${note.trim()}` : ', without an exit code';
}
