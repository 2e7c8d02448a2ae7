import { z } from 'zod';
import { type JsonSchema, type JsonSchemaOptions, toJsonSchema } from '../json-schema.js';
import { RESULT_STATUSES } from './result-schema.js';

/** `RALPH_PROTOCOL_VERSION` of maestro-flow v0.5.43 (`src/ralph/status-schema.ts`). */
export const RALPH_PROTOCOL_VERSION = '2';

export const STEP_STATUSES = ['pending', 'running', 'completed', 'skipped', 'failed'] as const;
export const COMPLETION_STATUSES = RESULT_STATUSES;
export const SESSION_STATUSES = ['running', 'paused', 'completed', 'failed'] as const;
export const COMMAND_SCOPES = ['global', 'project', 'missing'] as const;
export const SESSION_PLATFORMS = ['claude', 'codex', 'agent', 'agy'] as const;
export const QUALITY_MODES = ['full', 'standard', 'quick'] as const;
export const PLANNING_MODES = ['unified', 'independent'] as const;
export const SCOPE_VERDICTS = ['large', 'medium', 'small', 'unknown'] as const;
export const STEP_SCOPES = ['phase', 'standalone', 'milestone'] as const;
export const EXECUTION_MODES = ['cli-delegate'] as const;
export const DELEGATE_MODES = ['write', 'analysis'] as const;
export const DELEGATE_ROLES = ['analyze', 'plan', 'implement', 'review', 'brainstorm'] as const;
/** Post-analysis drift of a delegated step's artifacts against its goal. */
export const DRIFT_SCORES = ['ALIGNED', 'MINOR_DRIFT', 'MAJOR_DRIFT'] as const;

/** Validates a ralph step's status. */
export const StepStatusSchema = z.enum(STEP_STATUSES);
/** A ralph step's status: `pending`, `running`, `completed`, `skipped` or `failed`. */
export type StepStatus = z.output<typeof StepStatusSchema>;
/** Validates the completion status recorded on a ralph step. */
export const CompletionStatusSchema = z.enum(COMPLETION_STATUSES);
/** The completion status recorded on a ralph step, the same values as a `---RESULT---` `STATUS`. */
export type CompletionStatus = z.output<typeof CompletionStatusSchema>;
/** Validates a ralph session's status. */
export const SessionStatusSchema = z.enum(SESSION_STATUSES);
/** A ralph session's status: `running`, `paused`, `completed` or `failed`. */
export type SessionStatus = z.output<typeof SessionStatusSchema>;
/** Validates a delegated step's drift score. */
export const DriftScoreSchema = z.enum(DRIFT_SCORES);
/** A delegated step's drift against its goal: `ALIGNED`, `MINOR_DRIFT` or `MAJOR_DRIFT`. */
export type DriftScore = z.output<typeof DriftScoreSchema>;

const NullableString = z.string().nullable();
const Index = z.int().min(0);

/** Validates what a step loaded: when, and the files it required and deferred. */
export const RalphStepLoadSchema = z.looseObject({
  loaded_at: NullableString,
  required_files: z.array(z.string()),
  deferred_files: z.array(z.string()),
  resolve_version: z.string(),
});
/** What a step loaded: when, and the files it required and deferred. */
export type RalphStepLoad = z.output<typeof RalphStepLoadSchema>;

/** One step of a ralph chain; `decision` non-null marks a decision node. Unknown fields are kept. */
export const RalphStepSchema = z.looseObject({
  index: Index,
  skill: NullableString.describe('Empty (or null) for decision nodes.'),
  args: z.string(),
  stage: z.string(),
  scope: z.enum(STEP_SCOPES).nullable().optional(),
  decision: NullableString.describe('Gate name such as post-verify; null for an execution step.'),
  retry_count: Index.optional(),
  max_retries: Index.optional(),
  command_scope: z.enum(COMMAND_SCOPES).nullable(),
  command_path: NullableString,
  milestone_id: NullableString.optional(),
  source_artifact_ref: NullableString.optional(),
  status: StepStatusSchema,
  goal_ref: NullableString.optional(),
  completion_confirmed: z.boolean(),
  completion_status: CompletionStatusSchema.nullable(),
  completion_evidence: z.union([z.string(), z.array(z.string())]).nullable(),
  completion_summary: NullableString.optional(),
  completion_decisions: z.array(z.string()).nullable().optional(),
  completion_caveats: NullableString.optional(),
  completion_deferred: z.array(z.string()).nullable().optional(),
  completed_at: NullableString.describe('ISO timestamp'),
  concerns: NullableString.optional(),
  retried: z.boolean().optional(),
  deferred_reads: z.array(z.string()).optional(),
  load: RalphStepLoadSchema.nullable().optional(),
  delegate_exec_id: NullableString.optional(),
  delegate_mode: z.enum(DELEGATE_MODES).nullable().optional(),
  delegate_role: z.enum(DELEGATE_ROLES).nullable().optional(),
  delegate_rule: NullableString.optional(),
  cli_output_summary: NullableString.optional(),
  artifacts_produced: z.array(z.string()).optional(),
  drift_score: DriftScoreSchema.nullable().optional(),
  drift_correction: NullableString.optional(),
});
/** One step of a ralph chain; a non-null `decision` marks a decision node. */
export type RalphStep = z.output<typeof RalphStepSchema>;

/** `session.context`: artifact locations the chain passes forward; SIGNALS add keys of their own. */
export const RalphSessionContextSchema = z.looseObject({
  issue_id: NullableString.optional(),
  scratch_dir: NullableString.optional(),
  plan_dir: NullableString.optional(),
  analysis_dir: NullableString.optional(),
  brainstorm_dir: NullableString.optional(),
  blueprint_dir: NullableString.optional(),
});
/** A session's `context`: the artifact locations the chain passes forward. */
export type RalphSessionContext = z.output<typeof RalphSessionContextSchema>;

/** Validates one item of a session's task decomposition. */
export const RalphTaskDecompositionItemSchema = z.looseObject({
  id: z.string(),
  goal: z.string(),
  boundary: z.string().optional(),
  done_when: z.string().optional(),
  evidence: z.string().optional(),
  lifecycle: z.array(z.string()).optional(),
  status: z.string().describe('pending | done (later versions add superseded)'),
  completion_confirmed: z.boolean().optional(),
  completed_at: NullableString.optional(),
});
/** One item of a session's task decomposition: its id, goal, boundary and done condition. */
export type RalphTaskDecompositionItem = z.output<typeof RalphTaskDecompositionItemSchema>;

/**
 * Validates a session's boundary contract: what is in and out of scope, the constraints and the definition of
 * done.
 */
export const RalphBoundaryContractSchema = z.looseObject({
  in_scope: z.array(z.string()).optional(),
  out_of_scope: z.array(z.string()).optional(),
  constraints: z.array(z.string()).optional(),
  definition_of_done: z.string().optional(),
});

/** `.workflow/.maestro/{ralph-*|maestro-*}/status.json`, including the CLI-delegate fields. */
export const RalphSessionSchema = z.looseObject({
  session_id: z.string(),
  source: z.string().describe('ralph | maestro'),
  status: SessionStatusSchema,
  intent: z.string(),
  lifecycle_position: z.string(),
  phase: z.number().nullable(),
  phase_is_new: z.boolean().optional(),
  milestone: z.string(),
  auto_mode: z.boolean().optional(),
  quality_mode: z.enum(QUALITY_MODES).optional(),
  planning_mode: z.enum(PLANNING_MODES).optional(),
  scope_verdict: z.enum(SCOPE_VERDICTS).nullable().optional(),
  analyze_macro_id: NullableString.optional(),
  blueprint_id: NullableString.optional(),
  execution_mode: z.enum(EXECUTION_MODES).optional(),
  cli_tool: z.string().optional().describe('claude | codex | opencode | agy for the CLI-delegate variant'),
  platform: z.enum(SESSION_PLATFORMS).optional(),
  passed_gates: z.array(z.string()).optional(),
  context: RalphSessionContextSchema.optional(),
  decomposition_owner: z.string().optional(),
  steps: z.array(RalphStepSchema),
  waves: z.array(z.unknown()).optional(),
  current_step: Index.optional(),
  ralph_protocol_version: z.string().optional(),
  active_step_index: Index.nullable().optional(),
  boundary_contract: RalphBoundaryContractSchema.optional(),
  execution_criteria: z.array(z.string()).optional(),
  task_decomposition: z.array(RalphTaskDecompositionItemSchema).optional(),
  task_decomposition_all_done: z.boolean().optional(),
  goal_changelog: z.array(z.looseObject({})).optional(),
});
/** A ralph session's `status.json`, including the CLI-delegate fields. */
export type RalphSession = z.output<typeof RalphSessionSchema>;

/** The draft 2020-12 JSON Schema of `status.json`. */
export function ralphSessionJsonSchema(options?: JsonSchemaOptions): JsonSchema {
  return toJsonSchema(RalphSessionSchema, options);
}
