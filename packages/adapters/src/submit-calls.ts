import type { ContractToolCall } from '@skillpack/core';
import { loggedOrListedCalls } from './_shared/contract-call-log.js';
import { asSubmitCalls } from './_shared/mcp-tool-name.js';
import type { AgentRun } from './agent-run.js';
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

/**
 * The calls every read path gives a contract's `readToolCalls` (`extractContract`, the Stop hooks): every call
 * the run settled, whatever `keepTools` listed in `run.tools` (`false` keeps none), with their status and
 * `subagent` / `earlierPrompt` marks; a call of one of the submit tools `toolNames` carries that tool's name.
 */
export function contractCallsOf(run: AgentRun, toolNames: readonly string[]): readonly ContractToolCall[] {
  return submitCallsOf(run.runtime, toolNames, loggedOrListedCalls(run));
}
