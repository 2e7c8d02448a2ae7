import type {
  AnyContract,
  ContractJudgement,
  ContractResult,
  ContractToolCall,
  ExtractOptions,
  ProtocolError,
  Warning,
} from '@skillpack/core';

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
 * One contract's judgement of a stop: a tool-delivered contract from its submit calls among `tools` (the
 * last one it accepts, else the last that failed), and from the final message when there is none; any other
 * contract from the final message.
 */
function judgeStop(
  contract: AnyContract,
  text: string,
  options: ExtractOptions,
  tools: readonly ContractToolCall[] | undefined,
): ContractJudgement {
  const submitted =
    contract.toolName !== undefined && tools !== undefined ? contract.readToolCalls?.(tools) : undefined;
  return contract.judge(submitted ?? contract.extract(text, options));
}

/**
 * Check every contract against the stop: the final message `text`, and for a tool-delivered contract the
 * run's tool calls `tools` (its submit calls); the first contract that is satisfied wins.
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
