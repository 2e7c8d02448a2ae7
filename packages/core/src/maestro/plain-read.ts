// The maestro contracts read without zod, for a generated hook's fast path: the block parsers and the
// fallback rule the contracts themselves use (`result-contract.ts`, `verdict-contract.ts`), nothing else.
import { isDerivedFallback } from './fallback.js';
import { safeParseResultBlock } from './result-block.js';
import { safeParseVerdictBlock } from './verdict-block.js';

/** Whether `text` satisfies `maestro.result`: a complete `---RESULT---` block read, no fallback. */
export function satisfiesMaestroResult(text: string): boolean {
  const result = safeParseResultBlock(text);
  return result.success && !isDerivedFallback(result.data);
}

/** Whether `text` satisfies `maestro.verdict`: a complete `---VERDICT---` block read, no fallback. */
export function satisfiesMaestroVerdict(text: string): boolean {
  const result = safeParseVerdictBlock(text);
  return result.success && !isDerivedFallback(result.data);
}

/** The module the maestro contracts name as their `plainRead`. */
export const MAESTRO_PLAIN_READS = '@skillpack/core/plain-reads/maestro';
