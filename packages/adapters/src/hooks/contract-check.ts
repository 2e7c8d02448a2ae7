import {
  type AnyContract,
  type ContractResult,
  type ExtractOptions,
  isJsonObject,
  ProtocolError,
  type Warning,
} from '@skillpack/core';

/** Whether one contract's result is the answer the contract asks for. */
export type ContractJudgement =
  | { readonly satisfied: true; readonly value: unknown; readonly warnings: readonly Warning[] }
  | { readonly satisfied: false; readonly error: ProtocolError; readonly value?: unknown };

export interface ContractFailure {
  readonly contract: AnyContract;
  readonly error: ProtocolError;
  /** False when the message holds no attempt at the contract at all (nothing was found to correct). */
  readonly attempted: boolean;
}

/** Error codes that mean a contract's parser found nothing of the contract in the message. */
const NOTHING_FOUND = new Set(['missing_verdict', 'missing_payload', 'missing_block']);

/**
 * Whether a failed check still shows the agent tried to answer: a malformed verdict or payload, or a block
 * cut off before its end marker. A message with no trace of the contract is not an attempt.
 */
export function isAttempt(error: ProtocolError, value?: unknown): boolean {
  if (error.code === 'fallback_result') return isJsonObject(value) && value.truncated === true;
  return !NOTHING_FOUND.has(error.code);
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
 * A result the contract's parser marks as a fallback (maestro with no complete `---RESULT---` block: the
 * upstream runtime invents a `DONE_WITH_CONCERNS` result) parses, but the agent never wrote the answer.
 */
export function isFallbackValue(value: unknown): boolean {
  return isJsonObject(value) && value.fallback === true;
}

export function judgeContractResult(
  contract: AnyContract,
  result: ContractResult<unknown>,
): ContractJudgement {
  if (!result.success) return { satisfied: false, error: result.error };
  const warnings = result.warnings ?? [];
  if (!isFallbackValue(result.data)) return { satisfied: true, value: result.data, warnings };
  const said = warnings.map((warning) => warning.message).join(' ');
  const error = new ProtocolError(
    'fallback_result',
    `The message holds no complete ${contract.title}; a fallback result was derived from free text.${said ? ` ${said}` : ''}`,
    { details: { contract: contract.id, warnings } },
  );
  return { satisfied: false, error, value: result.data };
}

/** Run every contract's `extract` on `text`; the first contract that is satisfied wins. */
export function checkContracts(
  contracts: readonly AnyContract[],
  text: string,
  options: ExtractOptions = {},
): ContractCheck {
  const failures: ContractFailure[] = [];
  for (const contract of contracts) {
    const judgement = judgeContractResult(contract, contract.extract(text, options));
    if (judgement.satisfied) {
      return { satisfied: true, contract, value: judgement.value, warnings: judgement.warnings };
    }
    failures.push({
      contract,
      error: judgement.error,
      attempted: isAttempt(judgement.error, judgement.value),
    });
  }
  return { satisfied: false, failures };
}
