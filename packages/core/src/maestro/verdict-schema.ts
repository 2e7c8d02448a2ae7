import { z } from 'zod';
import { CONFIDENCE_LEVELS, VERDICT_FAILURE_CODES, VERDICT_STATUSES } from './verdict-fields.js';

export {
  CONFIDENCE_LEVELS,
  VERDICT_FAILURE_CODES,
  VERDICT_FIELDS,
  VERDICT_STATUSES,
  type VerdictFailureCode,
  type VerdictField,
} from './verdict-fields.js';

/** Validates the `STATUS` of a `---VERDICT---` block. */
export const VerdictStatusSchema = z.enum(VERDICT_STATUSES);
/** The `STATUS` of a `---VERDICT---` block: `PASS`, `FAIL`, `PARTIAL` or `BLOCKED`. */
export type VerdictStatus = z.output<typeof VerdictStatusSchema>;

/** Validates an evaluator's confidence level. */
export const ConfidenceLevelSchema = z.enum(CONFIDENCE_LEVELS);
/** An evaluator's confidence level: `high`, `medium` or `low`. */
export type ConfidenceLevel = z.output<typeof ConfidenceLevelSchema>;

const TextSchema = z.string().min(1).nullable();

/** What a quality-gate evaluator writes between `---VERDICT---` and `---END---`. */
export const VerdictFieldsSchema = z.strictObject({
  STATUS: VerdictStatusSchema.describe('Gate outcome: PASS, FAIL, PARTIAL or BLOCKED.'),
  REASON: TextSchema.describe('Why the gate reached this outcome.'),
  GAP_SUMMARY: TextSchema.describe('What is missing or wrong; used as the fix-loop input.'),
  CONFIDENCE: ConfidenceLevelSchema.nullable().describe('high, medium or low.'),
  CONFIDENCE_SCORE: z
    .int()
    .min(0)
    .max(100)
    .nullable()
    .describe('0-100; below 60 a proceed verdict is overridden to fix.'),
  WEAKEST_DIMENSION: TextSchema.describe('The quality dimension that scored lowest.'),
});
/** The fields a quality-gate evaluator writes between `---VERDICT---` and `---END---`. */
export type VerdictFields = z.output<typeof VerdictFieldsSchema>;

/** A `---VERDICT---` block that was found and read. */
export const VerdictBlockSchema = VerdictFieldsSchema.extend({
  fallback: z.literal(false).describe('Set by the parser: a complete, valid block was found.'),
});
/** A `---VERDICT---` block that was found and read. */
export type VerdictBlock = z.output<typeof VerdictBlockSchema>;

/**
 * The upstream fallback when the verdict cannot be parsed: the gate verdict becomes `fix`, logged with
 * `parse_failed: true` and `confidence_score: 0`. A Stop hook must treat it as an unsatisfied contract.
 */
export const VerdictFallbackSchema = z.strictObject({
  fallback: z.literal(true).describe('Set by the parser: no valid verdict; values are the fallback.'),
  parse_failed: z.literal(true),
  verdict: z.literal('fix'),
  confidence_score: z.literal(0),
  error_code: z.enum(VERDICT_FAILURE_CODES),
  truncated: z.boolean().describe('The output ends inside an unterminated ---VERDICT--- block.'),
});
/**
 * The upstream fallback when a verdict cannot be parsed (gate verdict `fix`); a Stop hook treats it as
 * unsatisfied.
 */
export type VerdictFallback = z.output<typeof VerdictFallbackSchema>;

/** What `maestro.verdict` extracts: a block, or the fallback (discriminated by `fallback`). */
export const MaestroVerdictSchema = z.discriminatedUnion('fallback', [
  VerdictBlockSchema,
  VerdictFallbackSchema,
]);
/** What `maestro.verdict` extracts: a block, or the upstream fallback (discriminated by `fallback`). */
export type MaestroVerdict = z.output<typeof MaestroVerdictSchema>;
