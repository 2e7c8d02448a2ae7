// The maestro contracts read without zod, for a generated hook's fast path: the block parsers and the
// fallback rule the contracts themselves use (`result-contract.ts`, `verdict-contract.ts`), nothing else.
import type { UnattemptedFailure } from '../contract.js';
import { isDerivedFallback, unattemptedFailure } from './fallback.js';
import { safeParseResultBlock } from './result-block.js';
import { RESULT_TITLE } from './result-fields.js';
import { safeParseVerdictBlock } from './verdict-block.js';
import { VERDICT_TITLE } from './verdict-fields.js';

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

/** The failure `maestro.result` gives `text` when `text` attempts no `---RESULT---` block, else `undefined`. */
export function unattemptedMaestroResult(text: string): UnattemptedFailure | undefined {
  return unattemptedFailure(RESULT_TITLE, safeParseResultBlock(text));
}

/** The failure `maestro.verdict` gives `text` when `text` attempts no `---VERDICT---` block, else `undefined`. */
export function unattemptedMaestroVerdict(text: string): UnattemptedFailure | undefined {
  return unattemptedFailure(VERDICT_TITLE, safeParseVerdictBlock(text));
}

/** The module the maestro contracts name as their `plainRead`. */
export const MAESTRO_PLAIN_READS = '@skillpack/core/plain-reads/maestro';
