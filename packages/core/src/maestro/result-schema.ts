import { z } from 'zod';
import { RESULT_STATUSES } from './result-fields.js';

export { RESULT_FIELDS, RESULT_STATUSES, type ResultField } from './result-fields.js';

/** Validates the `STATUS` of a `---RESULT---` block. */
export const ResultStatusSchema = z.enum(RESULT_STATUSES);
/** The `STATUS` of a `---RESULT---` block: `DONE`, `DONE_WITH_CONCERNS`, `NEEDS_RETRY` or `BLOCKED`. */
export type ResultStatus = z.output<typeof ResultStatusSchema>;

const ListItemSchema = z.string().min(1);

/** What the agent writes between `---RESULT---` and `---END---`, as the parser hands it back. */
export const ResultFieldsSchema = z.strictObject({
  STATUS: ResultStatusSchema.describe(
    'Outcome of the step: DONE, DONE_WITH_CONCERNS, NEEDS_RETRY or BLOCKED.',
  ),
  SUMMARY: z
    .string()
    .min(1)
    .nullable()
    .describe('Verb-first summary, at most 100 characters; required for DONE and DONE_WITH_CONCERNS.'),
  ARTIFACTS: z.array(ListItemSchema).describe('Paths of the artifacts produced, written comma-separated.'),
  EVIDENCE: z
    .array(ListItemSchema)
    .nullable()
    .describe('Verification artifact paths, comma-separated (Claude variant); null when the line is absent.'),
  DECISIONS: z.array(ListItemSchema).describe('Key decisions, written semicolon-separated.'),
  CAVEATS: z
    .string()
    .min(1)
    .nullable()
    .describe('Notes for later steps; also passed as --concerns for DONE_WITH_CONCERNS.'),
  DEFERRED: z.array(ListItemSchema).describe('Deferred work items, written semicolon-separated.'),
  SIGNALS: z
    .record(z.string().min(1), z.string())
    .describe('key=value pairs, written semicolon-separated; applied to the session context.'),
});
/** The fields an agent writes between `---RESULT---` and `---END---`, as the parser hands them back. */
export type ResultFields = z.output<typeof ResultFieldsSchema>;

/** A `---RESULT---` block that was found and read. */
export const ResultBlockSchema = ResultFieldsSchema.extend({
  fallback: z.literal(false).describe('Set by the parser: a complete block was found.'),
});
/** A `---RESULT---` block that was found and read. */
export type ResultBlock = z.output<typeof ResultBlockSchema>;

/**
 * The upstream fallback when the output holds no complete block (error `E013`, low confidence): status
 * `DONE_WITH_CONCERNS` and the last 200 characters of the trimmed output as the summary. A Stop hook must
 * treat it as an unsatisfied contract.
 */
export const ResultFallbackSchema = z.strictObject({
  fallback: z
    .literal(true)
    .describe('Set by the parser: no complete block was found; values are the fallback.'),
  error_code: z.literal('E013'),
  confidence: z.literal('low'),
  truncated: z.boolean().describe('The output ends inside an unterminated ---RESULT--- block.'),
  STATUS: z.literal('DONE_WITH_CONCERNS'),
  SUMMARY: z.string().min(1).nullable().describe('The last 200 characters of the trimmed output.'),
  ARTIFACTS: z.array(ListItemSchema).max(0),
  EVIDENCE: z.null(),
  DECISIONS: z.array(ListItemSchema).max(0),
  CAVEATS: z.null(),
  DEFERRED: z.array(ListItemSchema).max(0),
  SIGNALS: z
    .record(z.string().min(1), z.string())
    .refine((signals) => Object.keys(signals).length === 0, 'A fallback carries no signals.'),
});
/**
 * The upstream fallback when the output holds no complete `---RESULT---` block; a Stop hook treats it as
 * unsatisfied.
 */
export type ResultFallback = z.output<typeof ResultFallbackSchema>;

/** What `maestro.result` extracts: a block, or the fallback (discriminated by `fallback`). */
export const MaestroResultSchema = z.discriminatedUnion('fallback', [
  ResultBlockSchema,
  ResultFallbackSchema,
]);
/** What `maestro.result` extracts: a block, or the upstream fallback (discriminated by `fallback`). */
export type MaestroResult = z.output<typeof MaestroResultSchema>;
