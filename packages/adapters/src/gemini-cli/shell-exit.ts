import { commandExitError } from '../_shared/tool-calls.js';

/** Gemini CLI's shell tool (0.61.0): it reports a command that exited non-zero as a call with status `success`. */
export const GEMINI_SHELL_TOOL = 'run_shell_command';

/**
 * A `run_shell_command` result's display (stream-json `tool_result` `output`): when the command printed nothing and
 * exited non-zero, 0.61.0 displays `Command exited with code: N`. A command that printed something displays that
 * output only, so stream-json then holds no exit code at all.
 */
export function shellFailureOfDisplay(display: string | undefined): string | undefined {
  const code =
    display === undefined ? undefined : /^Command exited with code: (-?\d+)$/.exec(display.trim())?.[1];
  return code === undefined || Number(code) === 0 ? undefined : commandExitError(code);
}

/**
 * A `run_shell_command` function response as the session transcript records it (`result[].functionResponse.response
 * .output`, 0.61.0): `Output: …` then, when the command exited non-zero, an `Exit Code: N` line after the command's
 * own output (then `Signal:`, `Background PIDs:`, `Process Group PGID:` lines). The last such line is Gemini's when
 * it wrote one (a command's own lines come before it); a command that exited 0 and printed one reads as failed.
 */
export function shellFailureOfResponse(output: string | undefined): string | undefined {
  if (output === undefined) return undefined;
  const codes = [...output.matchAll(/^Exit Code: (-?\d+)$/gm)];
  const code = codes.at(-1)?.[1];
  return code === undefined || Number(code) === 0 ? undefined : commandExitError(code);
}
