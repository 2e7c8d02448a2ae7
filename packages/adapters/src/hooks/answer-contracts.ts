import type { AnyContract, ConfigError, ContractToolCall, Result } from '@skillpack/core';
import { asSubmitCalls, type McpToolNaming } from '../_shared/mcp-tool-name.js';
import { checkContracts } from './contract-check.js';
import { type ContractValidators, provenContract } from './fast-answer.js';
import { decideStop, type StopDecision, type StopDecisionInput } from './stop-decision.js';

/**
 * The contracts a plugin or extension checks answers against: their ids, a proof of a satisfied answer that
 * loads nothing (a generated pack's validators; none for contracts loaded up front), and the contracts
 * themselves, loaded on the first check that needs them (a failure is thrown, a ConfigError naming it).
 */
export interface AnswerContracts {
  readonly ids: readonly string[];
  readonly provenContract: (text: string) => string | undefined;
  readonly load: () => Promise<readonly AnyContract[]>;
}

/** Contracts already loaded: every answer is checked by the contracts themselves. */
export function loadedAnswerContracts(contracts: readonly AnyContract[]): AnswerContracts {
  return {
    ids: contracts.map((contract) => contract.id),
    provenContract: () => undefined,
    load: async () => contracts,
  };
}

/**
 * A generated pack's contracts `ids`: proven satisfied by the build's `validators`, and loaded by `load` (zod
 * and the contract modules with them) on the first answer they cannot prove; a failure to load is kept and
 * thrown by every check that needs them.
 */
export function packAnswerContracts(
  validators: ContractValidators,
  ids: readonly string[],
  load: () => Promise<Result<AnyContract[], ConfigError>>,
): AnswerContracts {
  let loaded: Promise<Result<AnyContract[], ConfigError>> | undefined;
  return {
    ids,
    provenContract: (text) => provenContract(validators, ids, text),
    load: async () => {
      loaded ??= load();
      const contracts = await loaded;
      if (!contracts.success) throw contracts.error;
      return contracts.data;
    },
  };
}

/**
 * The tool calls an answer came with, read only when a contract reads tool calls, and how the runtime names an
 * MCP server's tool in them.
 */
export interface AnswerCalls {
  readonly naming: McpToolNaming;
  readonly calls: () => Promise<readonly ContractToolCall[]>;
}

/**
 * `decideStop` for `text`: an answer the validators prove satisfied is allowed without loading the
 * contracts (the whole check allows it too, naming the first contract it satisfies); any other is checked by
 * the contracts, one that reads tool calls by `tools` too when given (read only then).
 */
export async function decideAnswer(
  contracts: AnswerContracts,
  text: string,
  budget: Omit<StopDecisionInput, 'check'>,
  tools?: AnswerCalls,
): Promise<StopDecision> {
  const proven = contracts.provenContract(text);
  if (proven !== undefined) return { kind: 'allow', because: 'satisfied', contractId: proven };
  const loaded = await contracts.load();
  const toolNames = loaded.flatMap((contract) =>
    contract.toolName === undefined ? [] : [contract.toolName],
  );
  const readsCalls = loaded.some((contract) => contract.readToolCalls !== undefined);
  const calls = tools && readsCalls ? asSubmitCalls(tools.naming, toolNames, await tools.calls()) : undefined;
  return decideStop({ check: checkContracts(loaded, text, {}, calls), ...budget });
}
