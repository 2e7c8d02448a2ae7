import { commandExitError, type ToolCallEnd } from '../_shared/tool-calls.js';
import type { CopilotToolCompleteEvent } from './wire-schemas.js';

/**
 * A Copilot tool call's end, from its `tool.execution_complete`. Copilot CLI 1.0.102 reports a shell command
 * that exited non-zero as `success: true`, its exit code in `shellExecution.exitCode`: such a call failed, as
 * every other runtime reports it (a `zf emit` that exited 1 emitted nothing).
 */
export function copilotToolEnd(data: CopilotToolCompleteEvent['data']): ToolCallEnd {
  const output = data.result?.content;
  const exitCode = data.shellExecution?.exitCode;
  if (exitCode !== undefined && exitCode !== 0) {
    return { output, failed: true, error: commandExitError(exitCode) };
  }
  const why = data.error;
  const error = typeof why === 'string' ? why : why?.message;
  return { output, failed: data.success === false, error };
}
