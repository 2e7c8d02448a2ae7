import { z } from 'zod';
import { isCanonicalText, isNormalisedRepositoryPath, rejectDuplicateFindingIds } from './_refinements.js';
import {
  type AcceptanceKind,
  BLOCKER_CATEGORIES,
  FINDING_SEVERITIES,
  VERDICT_SOURCES,
  type VerdictSource,
} from './vocabulary.js';

export {
  ACCEPTANCE_KINDS,
  type AcceptanceKind,
  BLOCKER_CATEGORIES,
  type BlockerCategory,
  FINDING_FILE_FIELDS,
  FINDING_SEVERITIES,
  type FindingFileField,
  type FindingSeverity,
  VERDICT_SOURCES,
  type VerdictSource,
} from './vocabulary.js';

export const VERIFICATION_PHASES = ['pre-integration', 'post-integration'] as const;
/** When a declared verification runs, one of `VERIFICATION_PHASES`. */
export type VerificationPhase = (typeof VERIFICATION_PHASES)[number];

export const COMPLETION_ROLES = ['change-blocking', 'operational-observation'] as const;
/** The role a verification declaration plays in completion, one of `COMPLETION_ROLES`. */
export type CompletionRole = (typeof COMPLETION_ROLES)[number];

/** Execution classes the seed names; declarations may use others, which are never hold-eligible. */
export const EXECUTION_CLASSES = ['repository-local', 'external'] as const;
/** Where a declared verification runs, one of `EXECUTION_CLASSES`. */
export type ExecutionClass = (typeof EXECUTION_CLASSES)[number];

const TextSchema = z
  .string()
  .min(1)
  .refine(isCanonicalText, { message: 'must be non-blank text without surrounding whitespace' });

/**
 * A normalised repository-relative path: no leading `/` or `~`, no drive letter, no `.`/`..` segment, and
 * already what `normalizeRepositoryPath` makes of it (so it reads back as written: no surrounding whitespace).
 */
export const RepositoryPathSchema = z
  .string()
  .min(1)
  .refine(isNormalisedRepositoryPath, {
    message: 'must be a normalised repository-relative path inside the workspace (like src/a.ts)',
  })
  .meta({ description: 'Repository-relative path that stays inside the workspace, like src/a.ts.' });

/**
 * Validates one declared file of a structured finding: the repository path and what must become true there.
 */
export const FindingFileExpectationSchema = z.strictObject({
  file: RepositoryPathSchema,
  description: TextSchema.meta({ description: 'What must become true at that path (or how it is proved).' }),
});
/** One declared file of a structured finding: the repository path and what must become true there. */
export type FindingFileExpectation = z.output<typeof FindingFileExpectationSchema>;

/** A structured repository finding: what Apply must change and how it will be proved. */
export const RepositoryFindingSchema = z
  .strictObject({
    id: TextSchema.meta({
      description: 'Stable retry identity: reuse it for the same defect, never derive it from prose.',
    }),
    severity: z.enum(FINDING_SEVERITIES),
    summary: TextSchema,
    evidence: z.array(TextSchema).min(1),
    required_changes: z.array(FindingFileExpectationSchema).min(1),
    verification: z.array(FindingFileExpectationSchema).min(1),
  })
  .meta({ description: 'Structured repository finding; every field is required, every array non-empty.' });
/** A structured repository finding: what Apply must change and how it will be proved. */
export type RepositoryFinding = z.output<typeof RepositoryFindingSchema>;

/** A legacy string finding; it declares no paths, so it gets compatibility behaviour. */
export const LegacyFindingSchema = TextSchema.meta({
  description: 'Legacy string finding; keep a stable leading code such as [RETRY_TEST_MISSING].',
});
/** A legacy string finding, which declares no paths. */
export type LegacyFinding = z.output<typeof LegacyFindingSchema>;

/** Validates one finding of a FAIL verdict: a legacy string or a structured repository finding. */
export const AcceptanceFindingSchema = z.union([LegacyFindingSchema, RepositoryFindingSchema]);
/** One finding of a FAIL verdict: a legacy string or a structured repository finding. */
export type AcceptanceFinding = z.output<typeof AcceptanceFindingSchema>;

/** The structured external blocker a `gated` verdict must carry: all five required fields (seed contract). */
export const AcceptanceBlockerSchema = z.strictObject({
  category: z.enum(BLOCKER_CATEGORIES),
  evidence: z.array(TextSchema).min(1).meta({ description: 'Concrete observed evidence.' }),
  unblock_condition: TextSchema.meta({
    description: 'A verifiable condition whose satisfaction clears the wait.',
  }),
  next_action: TextSchema.meta({ description: 'The action that satisfies the condition.' }),
  resumable: z.boolean(),
  prerequisite_owner: TextSchema.optional(),
  evidence_ids: z.array(TextSchema).min(1).optional(),
});
/** The structured external blocker a `gated` verdict carries, with all five required fields. */
export type AcceptanceBlocker = z.output<typeof AcceptanceBlockerSchema>;

/** `gated`, with the legacy `blocked` spelling accepted on input. */
const GatedTokenSchema = z
  .literal(['gated', 'blocked'])
  .transform((): 'gated' => 'gated')
  .pipe(z.literal('gated'));

const PassVerdictSchema = z.strictObject({ acceptance: z.literal('pass') });
const FailVerdictSchema = z.strictObject({
  acceptance: z.literal('fail'),
  findings: z.array(AcceptanceFindingSchema).check(rejectDuplicateFindingIds),
});
const ContinueVerdictSchema = z.strictObject({ acceptance: z.literal('continue') });
const GatedVerdictSchema = z.strictObject({ acceptance: GatedTokenSchema, blocker: AcceptanceBlockerSchema });

/**
 * The canonical acceptance verdict an agent writes. Output is what the parser hands back (trimmed text,
 * normalised paths, `gated` only); input additionally accepts `blocked`. Its JSON Schema is the contract's.
 */
export const AcceptanceVerdictSchema = z.discriminatedUnion('acceptance', [
  PassVerdictSchema,
  FailVerdictSchema,
  ContinueVerdictSchema,
  GatedVerdictSchema,
]);
/** An acceptance verdict as the parser hands it back: trimmed text, normalised paths, `gated` only. */
export type AcceptanceVerdict = z.output<typeof AcceptanceVerdictSchema>;
/** An acceptance verdict as an agent may write it: `blocked` is also accepted, as `gated`. */
export type AcceptanceVerdictInput = z.input<typeof AcceptanceVerdictSchema>;

const parsedFrom = { source: z.enum(VERDICT_SOURCES).optional() };

/** Each kind's object schema with the `source` the parser adds: the options of `ParsedAcceptanceVerdictSchema`. */
export const PARSED_VERDICT_KIND_SCHEMAS = {
  pass: PassVerdictSchema.extend(parsedFrom),
  fail: FailVerdictSchema.extend(parsedFrom),
  continue: ContinueVerdictSchema.extend(parsedFrom),
  gated: GatedVerdictSchema.extend(parsedFrom),
} as const satisfies Record<AcceptanceKind, z.ZodObject>;

/**
 * A canonical verdict, optionally with the `source` the parser adds: the `conflux.acceptance` contract's
 * schema, so what `extract` and `validate` return satisfies it exactly.
 */
export const ParsedAcceptanceVerdictSchema = z.discriminatedUnion('acceptance', [
  PARSED_VERDICT_KIND_SCHEMAS.pass,
  PARSED_VERDICT_KIND_SCHEMAS.fail,
  PARSED_VERDICT_KIND_SCHEMAS.continue,
  PARSED_VERDICT_KIND_SCHEMAS.gated,
]);

/** A verdict as the parser returns it: the canonical verdict plus where it came from. */
export type ParsedAcceptanceVerdict = AcceptanceVerdict & { readonly source: VerdictSource };

/** One `verifications:` entry of a proposal's front matter; unknown keys (owner, rerun, …) are kept. */
export const VerificationDeclarationSchema = z.looseObject({
  id: TextSchema,
  phase: z.enum(VERIFICATION_PHASES),
  execution_class: TextSchema,
  completion_role: z.enum(COMPLETION_ROLES),
  automation: TextSchema,
  prerequisites: z.array(TextSchema).default([]),
});
/** One `verifications:` entry of a proposal's front matter, as validated. */
export type VerificationDeclaration = z.output<typeof VerificationDeclarationSchema>;
/** One `verifications:` entry of a proposal's front matter, as written. */
export type VerificationDeclarationInput = z.input<typeof VerificationDeclarationSchema>;
