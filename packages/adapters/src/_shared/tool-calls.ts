import type { ToolStatus } from '../agent-run.js';
import type { RunBuilder, ToolUpdate } from './run-builder.js';

/** A call as the agent asked for it or the runtime began it. */
export interface ToolCallStart {
  readonly name: string;
  readonly input: unknown;
  readonly subagent?: boolean | undefined;
}

/** The error of a shell call whose command exited with a non-zero `code`, in every runtime's reader. */
export const commandExitError = (code: number | string): string => `The command exited with code ${code}.`;

/**
 * The error of a shell call whose command did not exit but was ended by a signal or stopped by the runtime (a
 * timeout), in every runtime's reader: `cause` is what the runtime says ended it (`signal 9`).
 */
export const commandSignalError = (cause: string): string => `The command was ended by ${cause}.`;

/** The error of a shell call whose command could not be run at all (the runtime's spawn error `message`). */
export const commandStartError = (message: string): string => `The command could not run: ${message}`;

/** A call's end as the runtime reports it. */
export interface ToolCallEnd {
  readonly name?: string | undefined;
  readonly output: string | undefined;
  readonly failed: boolean;
  /** Whether the call ended without the runtime recording whether it succeeded (no exit status). */
  readonly unconfirmed?: boolean;
  /** What the runtime says went wrong. */
  readonly error: string | undefined;
  readonly subagent?: boolean | undefined;
}

/**
 * The tool calls of a run, as every reader reports them: a call is `pending` when the model asks for it,
 * `running` once the runtime begins it, and `completed`, `unconfirmed` or `error` at its end (or in the state a
 * runtime reports whole); a subagent's calls are marked so. Only completed calls count (the engine's rule): a
 * main-agent call still open ends no run.
 */
export class ToolCalls {
  constructor(
    private readonly run: RunBuilder,
    /** Whether a result for a call the run never saw is worth a warning (`orphan_tool_result`). */
    private readonly warnOrphans: boolean,
  ) {}

  asked(id: string, line: number, call: ToolCallStart): void {
    this.run.tool(id, line, {
      name: call.name,
      input: call.input,
      status: 'pending',
      subagent: call.subagent,
    });
  }

  began(id: string, line: number, call: ToolCallStart): void {
    this.run.tool(id, line, {
      name: call.name,
      input: call.input,
      status: 'running',
      subagent: call.subagent,
    });
  }

  /** A call whose every report carries its whole state (an item or a part with its own status). */
  reported(id: string, line: number, state: ToolUpdate & { readonly status: ToolStatus }): void {
    this.run.tool(id, line, state);
  }

  ended(id: string, line: number, end: ToolCallEnd): void {
    if (this.warnOrphans && !this.run.pendingTool(id)) {
      this.run.warn('orphan_tool_result', `Line ${line}: a tool result for an unknown call ${id}.`);
    }
    // One object shape for every update keeps \`RunBuilder.tool\` fast (a spread copy would not).
    const status = end.failed ? 'error' : end.unconfirmed === true ? 'unconfirmed' : 'completed';
    const { name, output, error, subagent } = end;
    this.run.tool(id, line, { name, output, status, error, subagent });
  }
}
