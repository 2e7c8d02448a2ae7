import type { ContractToolCall } from '@skillpack/core';
import { asSubmitCalls } from './_shared/mcp-tool-name.js';
import type { RuntimeId } from './runtime-id.js';
import { ADAPTER_RUNTIMES } from './runtimes.js';

/**
 * A run's tool calls as a tool-delivered contract reads them (`asSubmitCalls` with `runtime`'s declared
 * `mcpToolName`): a call of one of the submit tools `toolNames` carries that tool's own name. Pure.
 */
export function submitCallsOf<C extends ContractToolCall>(
  runtime: RuntimeId | 'unknown',
  toolNames: readonly string[],
  calls: readonly C[],
): readonly C[] {
  // A run no runtime was recognised in names no MCP tool its way: its calls count by the tool's own name.
  if (runtime === 'unknown') return calls;
  return asSubmitCalls(ADAPTER_RUNTIMES[runtime].mcpToolName, toolNames, calls);
}
