import {
  type AnyContract,
  ConfigError,
  type Contract,
  type ContractRegistry,
  type ContractResult,
  describeValue,
  fail,
  isContractRegistry,
  ok,
  ProtocolError,
  type Warning,
} from '@skillpack/core';
import type { AgentRun } from './agent-run.js';
import { readContractChannels } from './contract-channels.js';
import { checkRunCompletion, type RunCandidate, runNotCompleteError } from './run-completion.js';
import { contractCallsOf } from './submit-calls.js';

/** Options of `extractContract`: the registry an id is looked up in, whether a run that did not complete may be read. */
export interface ExtractContractOptions {
  /**
   * Where a contract given by id is looked up (for the built-in ids, `builtinContracts` from
   * `@skillpack/core/contracts`); required with an id, unused with a contract value.
   */
  readonly registry?: ContractRegistry;
  /**
   * Read the contract from a run that did not complete (the result then carries a `run_not_complete`
   * warning) instead of failing with `run_not_complete`. Off by default: such a run's last message is not
   * the agent's final answer.
   */
  readonly acceptIncomplete?: boolean;
}

function withWarnings<T>(result: ContractResult<T>, extra: readonly Warning[]): ContractResult<T> {
  if (!result.success || extra.length === 0) return result;
  return ok(result.data, [...(result.warnings ?? []), ...extra]);
}

function runWarnings(run: AgentRun): Warning[] {
  if (run.finish === 'complete') return [];
  return [
    {
      code: 'run_not_complete',
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

function requireRegistry(id: string, registry: unknown): ContractRegistry {
  if (isContractRegistry(registry)) return registry;
  throw new ConfigError(
    'missing_registry',
    `Expected a contract registry to look up "${id}" in, as extractContract(run, "${id}", { registry }) (for built-in ids, builtinContracts from @skillpack/core/contracts); received ${describeValue(registry)}.`,
    { details: { id } },
  );
}

/** Every channel the contract declares, in the one order (`readContractChannels`). */
function readChannels<T>(run: AgentRun, contract: Contract<T>): ContractResult<T> {
  const toolNames = contract.toolName === undefined ? [] : [contract.toolName];
  const channels = {
    ...(contract.readToolCalls === undefined ? {} : { calls: contractCallsOf(run, toolNames) }),
    ...(run.finalText === undefined ? {} : { finalText: run.finalText }),
    ...(run.structuredOutput === undefined ? {} : { structuredOutput: run.structuredOutput }),
  };
  return readContractChannels(contract, channels) ?? fail(missingFinalMessage(run, contract));
}

/**
 * Read `contract` from a run through every channel it declares, in the order every read path reads them (the
 * Stop hooks, the plugin and the extension too): the tool calls it reads (every call the run settled, however
 * few `keepTools` listed in `run.tools`; the last valid one wins), then its `extract` on the final assistant
 * message, then Claude's `structured_output`; the first that satisfies the contract wins. Only a run that
 * completed can satisfy a contract: any other run fails with `run_not_complete`, whose `details.candidate`
 * holds what would have been read (`acceptIncomplete` returns that instead, with a `run_not_complete`
 * warning). With a contract value the result is typed; with an id the contract is looked up in
 * `options.registry` (for the built-in ids, `builtinContracts` from `@skillpack/core/contracts`), and an
 * unknown id or a missing registry throws a `ConfigError` (a caller mistake). The registry is an option
 * rather than a default so that importing this package loads no contract family it is not asked for.
 */
export function extractContract<T>(
  run: AgentRun,
  contract: Contract<T>,
  options?: ExtractContractOptions,
): ContractResult<T>;
export function extractContract(
  run: AgentRun,
  contractId: string,
  options: ExtractContractOptions & { readonly registry: ContractRegistry },
): ContractResult<unknown>;
export function extractContract(
  run: AgentRun,
  contract: AnyContract | string,
  options: ExtractContractOptions = {},
): ContractResult<unknown> {
  const resolved =
    typeof contract === 'string' ? requireRegistry(contract, options?.registry).require(contract) : contract;
  const result = withWarnings(readChannels(run, resolved), runWarnings(run));
  if (options?.acceptIncomplete === true || checkRunCompletion(run).complete) return result;
  const candidate: RunCandidate = result.success
    ? ok(result.data)
    : fail({ code: result.error.code, message: result.error.message });
  return fail(runNotCompleteError(run, candidate));
}
