import type { ContractResult, ExtractOptions } from '../contract.js';
import { defineContract } from '../define-contract.js';
import { correctiveInstruction } from './diagnostics.js';
import { ACCEPTANCE_EXAMPLES } from './examples.js';
import { safeParseAcceptanceOutput } from './parse-output.js';
import {
  CONFLUX_PLAIN_READS,
  isCanonicalText,
  isNormalisedRepositoryPath,
  rejectDuplicateFindingIds,
} from './plain-read.js';
import { renderVerdict, toVerdictJson } from './render.js';
import { validateAcceptanceVerdict } from './resolve-verdict.js';
import {
  AcceptanceBlockerSchema,
  AcceptanceVerdictSchema,
  FindingFileExpectationSchema,
  PARSED_VERDICT_KIND_SCHEMAS,
  type ParsedAcceptanceVerdict,
  ParsedAcceptanceVerdictSchema,
  RepositoryFindingSchema,
} from './schemas.js';

/** Rules beyond the schema that an acceptance agent must follow, one sentence each (rendered into skills). */
export const ACCEPTANCE_RULES: readonly string[] = [
  'Emit exactly one canonical verdict at the end, only after every verification you started has reported its final result.',
  'End with two lines, each on its own line without Markdown or code fences: the JSON verdict first, then the legacy marker (ACCEPTANCE: PASS, FAIL, CONTINUE or GATED).',
  'Prefer structured findings; reuse the same id for the same defect and never repeat an id within one verdict.',
  'Declare in required_changes and verification exactly the repository-relative files you expect the repair to change; the runtime checks every one appears in the repair diff.',
  'A gated verdict needs a blocker with category, evidence, unblock_condition, next_action and resumable; otherwise emit FAIL or CONTINUE.',
  'Never claim a lifecycle status in prose: Conflux decides between blocked and stalled.',
];

/**
 * The contract's extract: the upstream parser, plus a `several_verdicts` warning when the text is one message
 * (no `unwrapLine`; a raw event stream repeats the final message, so it is not counted there).
 */
function extractAcceptance(text: string, options: ExtractOptions): ContractResult<ParsedAcceptanceVerdict> {
  return safeParseAcceptanceOutput(text, {
    ...options,
    warnSeveralVerdicts: options.unwrapLine === undefined,
  });
}

/** The Conflux acceptance verdict contract (`conflux.acceptance`), with the upstream parser as `extract`. */
export const acceptanceContract = defineContract({
  id: 'conflux.acceptance',
  version: '1.0.0',
  title: 'Conflux acceptance verdict',
  description:
    'The verdict a Conflux acceptance review ends with: a strict JSON object (pass, fail with findings, continue, or gated with a structured external blocker) followed by the legacy ACCEPTANCE marker.',
  delivery: 'text',
  schema: ParsedAcceptanceVerdictSchema,
  jsonSchemaSource: AcceptanceVerdictSchema,
  examples: ACCEPTANCE_EXAMPLES,
  rules: ACCEPTANCE_RULES,
  extract: extractAcceptance,
  validate: validateAcceptanceVerdict,
  render: renderVerdict,
  correct: correctiveInstruction,
  isAttempt: (error) => error.code !== 'missing_verdict',
  // The seed's keys only: parse metadata stays out of what a CLI prints.
  toCanonicalJson: toVerdictJson,
  plainRead: {
    module: CONFLUX_PLAIN_READS,
    name: 'satisfiesAcceptance',
    unattempted: 'unattemptedAcceptance',
    validators: () => ({
      ...PARSED_VERDICT_KIND_SCHEMAS,
      finding: RepositoryFindingSchema,
      expectation: FindingFileExpectationSchema,
      blocker: AcceptanceBlockerSchema,
    }),
    refinements: { isCanonicalText, isNormalisedRepositoryPath, rejectDuplicateFindingIds },
  },
});
