import type { ContractToolCall } from '../contract.js';
import { ProtocolError } from '../errors.js';
import { UNPROVEN_EMIT_WORDING, type UnprovenEmitReason } from './_emit-status.js';
import { findZfEmitCalls } from './emit-command.js';
import type { ZaofuProtocolError } from './error-codes.js';

function commandOf(call: ContractToolCall): string | undefined {
  const input = call.input;
  if (typeof input !== 'object' || input === null) return undefined;
  const command = (input as { command?: unknown }).command;
  return typeof command === 'string' ? command : undefined;
}

/** A `zf emit` a completed shell call ran whose success its exit status does not prove. */
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
 * The `zf emit` calls among a run's shell tool calls. `defineContract` gives it only completed calls, whose
 * command line exited 0; that proves an emit succeeded only where the line's status is the emit's (see
 * `unprovenEmitReasons`): `zf emit … || true`, `zf emit … | tail` or `zf emit …; echo done` exit 0 when the
 * emit failed, so such an emit is not an answer.
 */
export function zfEmitToolCalls(calls: readonly ContractToolCall[]): EmitToolCalls {
  const lines: string[] = [];
  const unproven: UnprovenEmit[] = [];
  for (const call of calls) {
    const command = commandOf(call);
    if (command === undefined || !command.includes('zf')) continue;
    for (const { result, unproven: reason } of findZfEmitCalls(command)) {
      if (!result.success || result.data.payload === null) continue;
      if (reason !== undefined) unproven.push({ type: result.data.type, reason });
      else lines.push(JSON.stringify({ type: result.data.type, payload: result.data.payload }));
    }
  }
  return { lines, unproven };
}

/** The error of an emit a shell call ran without proving it: what to run instead. */
export function unprovenEmitError({ type, reason }: UnprovenEmit): ZaofuProtocolError {
  return new ProtocolError(
    'unproven_emit',
    `The shell command that ran zf emit ${type} does not show whether the emit succeeded: ${UNPROVEN_EMIT_WORDING[reason]}. Run zf emit ${type} as a command of its own (join any command after it with &&), so that a failed emit fails the command.`,
    { details: { type, reason } },
  );
}
