import type { UnattemptedFailure } from '../contract.js';
import { ProtocolError } from '../errors.js';
import type { Result, Warning } from '../result.js';

/**
 * The error a hook feeds to `contract.correct` for a maestro extract result: the failure itself, or for a
 * fallback (`data.fallback === true`, a success upstream treats as low confidence) an error built from its
 * first warning (`E013` for results, the verdict failure code for verdicts). `undefined` when satisfied.
 */
export function maestroContractError(
  result: Result<{ readonly fallback: boolean }, ProtocolError>,
): ProtocolError | undefined {
  if (!result.success) return result.error;
  if (result.data.fallback !== true) return undefined;
  const reason = result.warnings?.[0];
  return new ProtocolError(
    reason?.code ?? 'fallback',
    reason?.message ?? 'The output holds no usable block.',
    {
      details: { ...reason?.details, fallback: true },
    },
  );
}

/** The maestro blocks: no complete block was found, nor one cut off before its end marker. */
const NO_BLOCK = 'missing_block';

/** Whether a parsed maestro value is the fallback the parser derived from free text (`fallback: true`). */
export function isDerivedFallback(value: { readonly fallback: boolean }): boolean {
  return value.fallback === true;
}

/**
 * A maestro fallback (`fallback: true`, derived from free text because no complete block was found) parses,
 * but the agent never wrote the answer: it does not satisfy the contract.
 */
export function rejectFallback(title: string) {
  return (
    value: { readonly fallback: boolean; readonly truncated?: boolean },
    warnings: readonly Warning[],
  ) => {
    if (!isDerivedFallback(value)) return undefined;
    const said = warnings.map((warning) => warning.message).join(' ');
    return new ProtocolError(
      'fallback_result',
      `The message holds no complete ${title}; a fallback result was derived from free text.${said ? ` ${said}` : ''}`,
      { details: { warnings, truncated: value.truncated === true } },
    );
  };
}

/**
 * The failure a maestro contract titled `title` gives its extract's `result` when its `isAttempt` does not count
 * it (no block, or a fallback from a text without a cut-off block), as `judge` words it; `undefined` for a
 * value that satisfies it and for any attempt.
 */
export function unattemptedFailure(
  title: string,
  result: Result<{ readonly fallback: boolean; readonly truncated?: boolean }, ProtocolError>,
): UnattemptedFailure | undefined {
  const error = result.success ? rejectFallback(title)(result.data, result.warnings ?? []) : result.error;
  if (error === undefined || isMaestroAttempt(error)) return undefined;
  return { code: error.code, message: error.message };
}

/** A fallback is an attempt only when a block was started and cut off; any other failure is one. */
export function isMaestroAttempt(error: ProtocolError): boolean {
  if (error.code === 'fallback_result') return error.details.truncated === true;
  return error.code !== NO_BLOCK;
}
