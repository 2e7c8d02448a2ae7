import { ProtocolError } from '../errors.js';
import type { Result } from '../result.js';

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
