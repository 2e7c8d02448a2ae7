import type {
  AnyContract,
  ContractJudgement,
  ContractResult,
  ContractToolCall,
  ExtractOptions,
  ProtocolError,
  Warning,
} from '@skillpack/core';
import { readContractChannels } from '../contract-channels.js';

export type { ContractJudgement } from '@skillpack/core';

/** One contract the final message failed: the contract, its error, and whether the message attempted it. */
export interface ContractFailure {
  readonly contract: AnyContract;
  readonly error: ProtocolError;
  /** False when the message holds no attempt at the contract at all (nothing was found to correct). */
  readonly attempted: boolean;
}

/** The outcome of checking an agent's message against the configured contracts (any one may satisfy it). */
export type ContractCheck =
  | {
      readonly satisfied: true;
      readonly contract: AnyContract;
      readonly value: unknown;
      readonly warnings: readonly Warning[];
    }
  | { readonly satisfied: false; readonly failures: readonly ContractFailure[] };

/**
 * Whether `result` is the answer `contract` asks for: a failure stays one, and so does a value the contract
 * rejects (a fallback its parser derived from free text), which is kept beside the error.
 */
export function judgeContractResult(
  contract: AnyContract,
  result: ContractResult<unknown>,
): ContractJudgement {
  return contract.judge(result);
}

/**
 * One contract's judgement of a stop, its channels read in the one order (`readContractChannels`): the run's
 * tool calls `tools` for a contract that reads them (when the hook could read them), then the final message.
 */
function judgeStop(
  contract: AnyContract,
  text: string,
  options: ExtractOptions,
  tools: readonly ContractToolCall[] | undefined,
): ContractJudgement {
  const channels = tools === undefined ? { finalText: text } : { calls: tools, finalText: text };
  // With the final message given, a channel always answers.
  return contract.judge(readContractChannels(contract, channels, options)!);
}

/**
 * Check every contract against the stop: the final message `text`, and for a contract that reads tool calls
 * (a tool-delivered one's submit calls, or calls of its own such as ZaoFu's `zf emit`) the run's tool calls
 * `tools`; the first contract that is satisfied wins.
 */
export function checkContracts(
  contracts: readonly AnyContract[],
  text: string,
  options: ExtractOptions = {},
  tools?: readonly ContractToolCall[],
): ContractCheck {
  const failures: ContractFailure[] = [];
  for (const contract of contracts) {
    const judgement = judgeStop(contract, text, options, tools);
    if (judgement.satisfied) {
      return { satisfied: true, contract, value: judgement.value, warnings: judgement.warnings };
    }
    failures.push({ contract, error: judgement.error, attempted: contract.isAttempt(judgement.error) });
  }
  return { satisfied: false, failures };
}
