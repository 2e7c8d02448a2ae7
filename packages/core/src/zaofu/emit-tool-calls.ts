import type { ContractToolCall } from '../contract.js';
import { ProtocolError } from '../errors.js';
import { UNPROVEN_EMIT_WORDING, type UnprovenEmitReason } from './_emit-status.js';
import { emittedEventCounts } from './_emitted-lines.js';
import { findZfEmitCalls } from './emit-command.js';
import type { ZaofuProtocolError } from './error-codes.js';

function commandOf(call: ContractToolCall): string | undefined {
  const input = call.input;
  if (typeof input !== 'object' || input === null) return undefined;
  const command = (input as { command?: unknown }).command;
  return typeof command === 'string' ? command : undefined;
}

/** A `zf emit` a shell call ran whose success neither its exit status nor its output proves. */
export interface UnprovenEmit {
  readonly type: string;
  readonly reason: UnprovenEmitReason;
}

/** The `zf emit` calls a run's completed shell tool calls prove, and those they ran without proving them. */
export interface EmitToolCalls {
  /** Each proven emit as a `{"type","payload"}` envelope line, in call order: a contract's `extract` reads them. */
  readonly lines: string[];
  readonly unproven: UnprovenEmit[];
}

/**
 * The emits of one call's command line, each with why it is not proven (none when it is). A zero exit of the line
 * proves an emit only where the line's status is the emit's (see `unprovenEmitReasons`): `zf emit … || true`,
 * `zf emit … | tail` or `zf emit …; echo done` exit 0 when the emit failed. A call whose exit status the runtime
 * did not record (`unconfirmed`) proves an emit only by its output: one `Emitted: <type> (evt-…)` line for each
 * emit of that type up to it (an emit this reader cannot type may have printed any), and only when no command that
 * may print runs before it in the line (`afterOutput`): `echo "Emitted: …" && zf emit …` prints the line whether or
 * not zf failed.
 */
function emitsOf(call: ContractToolCall, command: string) {
  const printed = call.status === 'unconfirmed' ? emittedEventCounts(call.output) : undefined;
  const ran = new Map<string, number>();
  let untyped = 0;
  return findZfEmitCalls(command).map(({ result, unproven, afterOutput }) => {
    const type = result.success ? result.data.type : undefined;
    if (type === undefined) untyped++;
    else ran.set(type, (ran.get(type) ?? 0) + 1);
    const shown =
      printed === undefined ||
      type === undefined ||
      (afterOutput !== true && (printed.get(type) ?? 0) >= ran.get(type)! + untyped);
    return { result, unproven: unproven ?? (shown ? undefined : ('unconfirmed' as const)) };
  });
}

/**
 * The `zf emit` calls among a run's shell tool calls. `defineContract` gives it only the calls that completed
 * (exited 0) or whose exit status the runtime did not record (`unconfirmed`); an emit neither proves (see
 * `emitsOf`) is not an answer.
 */
export function zfEmitToolCalls(calls: readonly ContractToolCall[]): EmitToolCalls {
  const lines: string[] = [];
  const unproven: UnprovenEmit[] = [];
  for (const call of calls) {
    const command = commandOf(call);
    if (command === undefined || !command.includes('zf')) continue;
    for (const { result, unproven: reason } of emitsOf(call, command)) {
      if (!result.success || result.data.payload === null) continue;
      if (reason !== undefined) unproven.push({ type: result.data.type, reason });
      else lines.push(JSON.stringify({ type: result.data.type, payload: result.data.payload }));
    }
  }
  return { lines, unproven };
}

/** The error of an emit a shell call ran without proving it: what to run instead. */
export function unprovenEmitError({ type, reason }: UnprovenEmit): ZaofuProtocolError {
  const fix =
    reason === 'unconfirmed'
      ? `Run zf emit ${type} first in its command line (after cd or export at most), leaving its output to the shell tool (no redirect), so that its "Emitted:" line shows it succeeded; if it printed an error, fix what it reports first.`
      : `Run zf emit ${type} as a command of its own (join any command after it with &&), so that a failed emit fails the command.`;
  return new ProtocolError(
    'unproven_emit',
    `The shell command that ran zf emit ${type} does not show whether the emit succeeded: ${UNPROVEN_EMIT_WORDING[reason]}. ${fix}`,
    { details: { type, reason } },
  );
}
