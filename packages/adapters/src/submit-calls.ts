import type { ContractToolCall } from '@skillpack/core';
import { isMcpToolCallOf } from './_shared/mcp-tool-name.js';
import type { RuntimeId } from './runtime-id.js';
import { ADAPTER_RUNTIMES } from './runtimes.js';

/**
 * A run's tool calls as a tool-delivered contract reads them: a call of one of the submit tools `toolNames` as
 * `runtime` names an MCP server's tool (its declaration's `mcpToolName`, any server key) carries that tool's own
 * name, which is what core matches a submit by; every other call is as it was. Pure.
 */
export function submitCallsOf<C extends ContractToolCall>(
  runtime: RuntimeId | 'unknown',
  toolNames: readonly string[],
  calls: readonly C[],
): readonly C[] {
  // A run no runtime was recognised in names no MCP tool its way: its calls count by the tool's own name.
  if (toolNames.length === 0 || runtime === 'unknown') return calls;
  const naming = ADAPTER_RUNTIMES[runtime].mcpToolName;
  return calls.map((call) => {
    const tool = toolNames.find((name) => isMcpToolCallOf(naming, call.name, name));
    return tool === undefined ? call : { ...call, name: tool };
  });
}
