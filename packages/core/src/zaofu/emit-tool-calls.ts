import type { ContractToolCall } from '../contract.js';
import { findZfEmitCommands } from './emit-command.js';

function commandOf(call: ContractToolCall): string | undefined {
  const input = call.input;
  if (typeof input !== 'object' || input === null) return undefined;
  const command = (input as { command?: unknown }).command;
  return typeof command === 'string' ? command : undefined;
}

/**
 * The `zf emit` calls among a run's shell tool calls, as `{"type","payload"}` envelope lines in call order,
 * which a ZaoFu contract's `extract` reads as candidates. `defineContract` gives it only completed calls.
 */
export function zfEmitEnvelopeLines(calls: readonly ContractToolCall[]): string[] {
  const lines: string[] = [];
  for (const call of calls) {
    const command = commandOf(call);
    if (command === undefined || !command.includes('zf')) continue;
    for (const { result } of findZfEmitCommands(command)) {
      if (result.success && result.data.payload !== null) {
        lines.push(JSON.stringify({ type: result.data.type, payload: result.data.payload }));
      }
    }
  }
  return lines;
}
