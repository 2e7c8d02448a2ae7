// The block's vocabulary without zod: the parser reads by it, and a hook's fast path loads no schema.

/** The title of `maestro.result`, which its corrections and fallback errors name. */
export const RESULT_TITLE = 'maestro result block';

/** The four `STATUS` values of a `---RESULT---` block (`NEEDS_CONTEXT` was abolished upstream). */
export const RESULT_STATUSES = ['DONE', 'DONE_WITH_CONCERNS', 'NEEDS_RETRY', 'BLOCKED'] as const;

/** The keys a `---RESULT---` block may hold, in the order the block is written. */
export const RESULT_FIELDS = [
  'STATUS',
  'SUMMARY',
  'ARTIFACTS',
  'EVIDENCE',
  'DECISIONS',
  'CAVEATS',
  'DEFERRED',
  'SIGNALS',
] as const;

/** A key a `---RESULT---` block may hold, one of `RESULT_FIELDS`. */
export type ResultField = (typeof RESULT_FIELDS)[number];
