import { commandExitError, commandSignalError, commandStartError } from '../_shared/tool-calls.js';

/** Gemini CLI's shell tool (0.61.0): it reports a command that exited non-zero as a call with status `success`. */
export const GEMINI_SHELL_TOOL = 'run_shell_command';

/** How 0.61.0 begins a command its own timeout ended (`… of N minutes without output.`), display and transcript alike. */
const TIMED_OUT = [
  'Command was automatically cancelled because it exceeded the timeout',
  'a timeout',
] as const;

/**
 * The display 0.61.0 gives a command its own timeout ended or that was cancelled, then `Output before
 * cancellation:` and the output when there was some.
 */
const CANCELLED = [TIMED_OUT, ['Command cancelled by user.', 'a cancellation']] as const;

/**
 * A `run_shell_command` result's display (stream-json `tool_result` `output`): when the command printed nothing,
 * 0.61.0 displays `Command exited with code: N` for a non-zero exit, `Command terminated by signal: N` when a
 * signal ended the shell it ran and `Command failed: …` when it could not be spawned; a command its timeout or a
 * cancellation ended displays that first. A command that printed something displays that output only, so
 * stream-json then holds no exit code at all; but a command a signal ended inside that shell is reported by it
 * (bash, on stderr, after the command's own output): `/usr/bin/bash: line 5: 21344 Killed                  ./zf emit …`.
 */
export function shellFailureOfDisplay(display: string | undefined): string | undefined {
  if (display === undefined) return undefined;
  const text = display.trim();
  const code = /^Command exited with code: (-?\d+)$/.exec(text)?.[1];
  if (code !== undefined) return Number(code) === 0 ? undefined : commandExitError(code);
  const spawn = /^Command failed: (.+)$/s.exec(text)?.[1];
  if (spawn !== undefined) return commandStartError(spawn);
  const stopped = CANCELLED.find(([prefix]) => text.startsWith(prefix))?.[1];
  if (stopped !== undefined) return commandSignalError(stopped);
  const signal = /^Command terminated by signal: (\w+)$/.exec(text)?.[1];
  const cause = signal === undefined ? signalReportOf(text) : `signal ${signal}`;
  return cause === undefined ? undefined : commandSignalError(cause);
}

/** What a shell result Gemini CLI reported as `success` says of its command (see `shellOutcomeOfDisplay`). */
export type ShellDisplayOutcome =
  | { readonly status: 'completed' | 'unconfirmed' }
  | { readonly status: 'error'; readonly error: string };

/**
 * A `run_shell_command` result reported as `success`, by its display: failed (`shellFailureOfDisplay`),
 * `completed` when it is empty (0.61.0 displays nothing only for a command that printed nothing and exited 0), and
 * otherwise `unconfirmed`: the command's own output, or a background job's notice, shows no exit status.
 */
export function shellOutcomeOfDisplay(display: string | undefined): ShellDisplayOutcome {
  const error = shellFailureOfDisplay(display);
  if (error !== undefined) return { status: 'error', error };
  return { status: display !== undefined && display.trim() === '' ? 'completed' : 'unconfirmed' };
}

/**
 * The signal bash reports having ended a job with (non-interactive: `<shell>: line <n>: <pid> <description>`, the
 * description padded before the command), as `a signal (Killed)`. A command that printed such a line reads as failed.
 */
function signalReportOf(text: string): string | undefined {
  const description = /^\S*bash: line \d+: +\d+ (\S+(?: \S+)*) {2,}\S/m.exec(text)?.[1];
  return description === undefined ? undefined : `a signal (${description})`;
}

/** How 0.61.0 tells the model (and the transcript) that a command's timeout or a cancellation ended it. */
const CANCELLED_RESPONSES = [
  TIMED_OUT,
  ['Command was cancelled by user before it could complete.', 'a cancellation'],
] as const;

/** How 0.61.0 tells the model that a command went on in the background: its exit status is not known. */
const BACKGROUND_RESPONSE = /^Command (?:moved to background|is running in background)/m;

/**
 * A `run_shell_command` function response as the session transcript records it (`result[].functionResponse.response
 * .output`, 0.61.0): `Output: …` then, when the command exited non-zero, an `Exit Code: N` line after the command's
 * own output, or a `Signal: N` line when a signal ended the shell it ran (then `Background PIDs:`, `Process Group
 * PGID:` lines). The last such line is Gemini's when it wrote one (a command's own lines come before it); a command
 * that exited 0 and printed one reads as failed. A command its timeout or a cancellation ended is recorded as that
 * (then the output before it), with no exit code.
 */
export function shellFailureOfResponse(output: string | undefined): string | undefined {
  if (output === undefined) return undefined;
  const code = [...output.matchAll(/^Exit Code: (-?\d+)$/gm)].at(-1)?.[1];
  if (code !== undefined && Number(code) !== 0) return commandExitError(code);
  const signal = [...output.matchAll(/^Signal: (\w+)$/gm)].at(-1)?.[1];
  if (signal !== undefined) return commandSignalError(`signal ${signal}`);
  const stopped = CANCELLED_RESPONSES.find(([prefix]) =>
    output.split('\n').some((line) => line.startsWith(prefix)),
  );
  return stopped === undefined ? undefined : commandSignalError(stopped[1]);
}

/**
 * A `run_shell_command` function response recorded as `success`: failed (`shellFailureOfResponse`), `unconfirmed`
 * when the command went on in the background (no exit status), else `completed`: the response records an exit
 * code or signal for every command that did not exit 0.
 */
export function shellOutcomeOfResponse(output: string | undefined): ShellDisplayOutcome {
  const error = shellFailureOfResponse(output);
  if (error !== undefined) return { status: 'error', error };
  return { status: output !== undefined && BACKGROUND_RESPONSE.test(output) ? 'unconfirmed' : 'completed' };
}
