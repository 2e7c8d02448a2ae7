import { commandExitError, commandSignalError } from '../_shared/tool-calls.js';

/** Gemini CLI's shell tool (0.61.0): it reports a command that exited non-zero as a call with status `success`. */
export const GEMINI_SHELL_TOOL = 'run_shell_command';

/**
 * A `run_shell_command` result's display (stream-json `tool_result` `output`): when the command printed nothing,
 * 0.61.0 displays `Command exited with code: N` for a non-zero exit and `Command terminated by signal: N` when a
 * signal ended the shell it ran. A command that printed something displays that output only, so stream-json then
 * holds no exit code at all; but a command a signal ended inside that shell is reported by it (bash, on stderr,
 * after the command's own output): `/usr/bin/bash: line 5: 21344 Killed                  ./zf emit …`.
 */
export function shellFailureOfDisplay(display: string | undefined): string | undefined {
  if (display === undefined) return undefined;
  const text = display.trim();
  const code = /^Command exited with code: (-?\d+)$/.exec(text)?.[1];
  if (code !== undefined) return Number(code) === 0 ? undefined : commandExitError(code);
  const signal = /^Command terminated by signal: (\w+)$/.exec(text)?.[1];
  const cause = signal === undefined ? signalReportOf(text) : `signal ${signal}`;
  return cause === undefined ? undefined : commandSignalError(cause);
}

/**
 * The signal bash reports having ended a job with (non-interactive: `<shell>: line <n>: <pid> <description>`, the
 * description padded before the command), as `a signal (Killed)`. A command that printed such a line reads as failed.
 */
function signalReportOf(text: string): string | undefined {
  const description = /^\S*bash: line \d+: +\d+ (\S+(?: \S+)*) {2,}\S/m.exec(text)?.[1];
  return description === undefined ? undefined : `a signal (${description})`;
}

/**
 * A `run_shell_command` function response as the session transcript records it (`result[].functionResponse.response
 * .output`, 0.61.0): `Output: …` then, when the command exited non-zero, an `Exit Code: N` line after the command's
 * own output, or a `Signal: N` line when a signal ended the shell it ran (then `Background PIDs:`, `Process Group
 * PGID:` lines). The last such line is Gemini's when it wrote one (a command's own lines come before it); a command
 * that exited 0 and printed one reads as failed.
 */
export function shellFailureOfResponse(output: string | undefined): string | undefined {
  if (output === undefined) return undefined;
  const code = [...output.matchAll(/^Exit Code: (-?\d+)$/gm)].at(-1)?.[1];
  if (code !== undefined && Number(code) !== 0) return commandExitError(code);
  const signal = [...output.matchAll(/^Signal: (\w+)$/gm)].at(-1)?.[1];
  return signal === undefined ? undefined : commandSignalError(`signal ${signal}`);
}
