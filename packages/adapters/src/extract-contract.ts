import {
  type AnyContract,
  type ContractRegistry,
  fail,
  ok,
  ProtocolError,
  type Result,
  type Warning,
} from '@skillpack/core';
import { builtinContracts } from '@skillpack/core/contracts';
import { findZfEmitCommands } from '@skillpack/core/zaofu';
import type { AgentRun, ToolActivity } from './agent-run.js';
import { checkRunCompletion, RUN_NOT_COMPLETE, runNotCompleteError } from './run-completion.js';

export interface ExtractContractOptions {
  /**
   * Read the contract from a run that did not complete (the result then carries a `run_not_complete`
   * warning) instead of failing with `run_not_complete`. Off by default: such a run's last message is not
   * the agent's final answer.
   */
  readonly acceptIncomplete?: boolean;
}

function commandOf(tool: ToolActivity): string | undefined {
  const input = tool.input;
  if (typeof input !== 'object' || input === null) return undefined;
  const command = (input as { command?: unknown }).command;
  return typeof command === 'string' ? command : undefined;
}

/**
 * The `zf emit` calls the run's tools executed (a failed or declined call emitted nothing), as
 * `{"type","payload"}` envelope lines that a ZaoFu contract's `extract` reads as typed candidates.
 */
function zfEmitEnvelopes(run: AgentRun): string[] {
  const lines: string[] = [];
  for (const tool of run.tools) {
    if (tool.status === 'error' || tool.status === 'declined') continue;
    const command = commandOf(tool);
    if (command === undefined || !command.includes('zf')) continue;
    for (const { result } of findZfEmitCommands(command)) {
      if (result.success && result.data.payload !== null) {
        lines.push(JSON.stringify({ type: result.data.type, payload: result.data.payload }));
      }
    }
  }
  return lines;
}

function withWarnings<T>(
  result: Result<T, ProtocolError>,
  extra: readonly Warning[],
): Result<T, ProtocolError> {
  if (!result.success || extra.length === 0) return result;
  return ok(result.data, [...(result.warnings ?? []), ...extra]);
}

function runWarnings(run: AgentRun): Warning[] {
  if (run.finish === 'complete') return [];
  return [
    {
      code: RUN_NOT_COMPLETE,
      message: `The run ended as "${run.finish}"${run.error ? ` (${run.error.code}: ${run.error.message})` : ''}; its final message may not be the agent's last word.`,
      details: { finish: run.finish },
    },
  ];
}

function missingFinalMessage(run: AgentRun, contract: AnyContract): ProtocolError {
  return new ProtocolError(
    'missing_final_message',
    `Expected a final assistant message to read ${contract.id} from; the ${run.runtime} run (finish "${run.finish}") has none.`,
    { details: { contract: contract.id, runtime: run.runtime, finish: run.finish } },
  );
}

/**
 * Run the contract `contractId` on a run: its `extract` on the final assistant message (result-style
 * contracts), then on Claude's `structured_output`; for `zaofu.*` contracts the `zf emit` calls the run's
 * tools executed come first (the last valid one wins). Only a run that completed can satisfy a contract:
 * any other run fails with `run_not_complete`, whose `details.candidate` holds what would have been read
 * (`acceptIncomplete` returns that instead, with a `run_not_complete` warning). An unknown id throws the
 * registry's `ConfigError` (a caller mistake).
 */
export function extractContract(
  run: AgentRun,
  contractId: string,
  registry: ContractRegistry = builtinContracts,
  options: ExtractContractOptions = {},
): Result<unknown, ProtocolError> {
  const result = extractCandidate(run, contractId, registry);
  if (options.acceptIncomplete === true || checkRunCompletion(run).complete) return result;
  const candidate = result.success
    ? { success: true as const, value: result.data }
    : { success: false as const, code: result.error.code, message: result.error.message };
  return fail(runNotCompleteError(run, candidate));
}

function extractCandidate(
  run: AgentRun,
  contractId: string,
  registry: ContractRegistry,
): Result<unknown, ProtocolError> {
  const contract = registry.require(contractId);
  const warnings = runWarnings(run);
  let emitted: Result<unknown, ProtocolError> | undefined;
  if (contract.id.startsWith('zaofu.')) {
    const envelopes = zfEmitEnvelopes(run);
    if (envelopes.length > 0) emitted = contract.extract(envelopes.join('\n'));
    if (emitted?.success) return withWarnings(emitted, warnings);
  }
  let fromText: Result<unknown, ProtocolError> | undefined;
  if (run.finalText !== undefined) {
    fromText = contract.extract(run.finalText);
    if (fromText.success) return withWarnings(fromText, warnings);
  }
  if (run.structuredOutput !== undefined) {
    const structured = contract.validate(run.structuredOutput);
    if (structured.success) return withWarnings(structured, warnings);
  }
  // A typed emit for this contract that failed validation says more than a message without one.
  if (emitted && !emitted.success && emitted.error.code !== 'missing_payload') return emitted;
  return fromText ?? fail(missingFinalMessage(run, contract));
}
