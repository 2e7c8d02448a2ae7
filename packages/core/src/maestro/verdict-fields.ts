// The block's vocabulary without zod: the parser reads by it, and a hook's fast path loads no schema.

/** The title of `maestro.verdict`, which its corrections and fallback errors name. */
export const VERDICT_TITLE = 'maestro quality-gate verdict';

/** Quality-gate `STATUS` values of a `---VERDICT---` block (a strict enum upstream). */
export const VERDICT_STATUSES = ['PASS', 'FAIL', 'PARTIAL', 'BLOCKED'] as const;
export const CONFIDENCE_LEVELS = ['high', 'medium', 'low'] as const;
/** The keys of a `---VERDICT---` block, in the order the block is written. */
export const VERDICT_FIELDS = [
  'STATUS',
  'REASON',
  'GAP_SUMMARY',
  'CONFIDENCE',
  'CONFIDENCE_SCORE',
  'WEAKEST_DIMENSION',
] as const;
/** A key of a `---VERDICT---` block, one of `VERDICT_FIELDS`. */
export type VerdictField = (typeof VERDICT_FIELDS)[number];

/** Why a verdict could not be read; each leads to the upstream fallback. */
export const VERDICT_FAILURE_CODES = [
  'missing_block',
  'missing_status',
  'invalid_status',
  'invalid_confidence_score',
] as const;
/** Why a verdict could not be read, one of `VERDICT_FAILURE_CODES`; each leads to the upstream fallback. */
export type VerdictFailureCode = (typeof VERDICT_FAILURE_CODES)[number];
