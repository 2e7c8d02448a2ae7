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
    failures.push({ contract, error: judgement.error });
  }
  return { satisfied: false, failures };
}
