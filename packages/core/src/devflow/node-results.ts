import { z } from 'zod';
import { DEVFLOW_LIMITS } from './limits.js';
import {
  coreText,
  DigestSchema,
  IdSchema,
  OptionalIdSchema,
  RepositoryPathSchema,
  RevisionSchema,
  StringListSchema,
  uniqueItems,
} from './primitives.js';
import { problemClassesForNode } from './process.js';
import {
  ACCEPTANCE_STATUSES,
  BLOCKER_CONDITION_KINDS,
  EVIDENCE_SOURCES,
  EVIDENCE_STATUSES,
  type ProblemClass,
  type WorkNodeId,
} from './vocabulary.js';

function problemClassOf(node: WorkNodeId) {
  return z.enum(problemClassesForNode(node) as [ProblemClass, ...ProblemClass[]]);
}

const ids = (max: number, what: string) => uniqueItems(IdSchema, max, what);
const paths = uniqueItems(RepositoryPathSchema, DEVFLOW_LIMITS.MAX_CHANGED_PATHS, 'path');

/** Validates a requirements baseline: the goal, scope, acceptance criteria, constraints and assumptions. */
export const RequirementsBaselineSchema = z.strictObject({
  goal: coreText('MAX_GOAL_BYTES'),
  scope: StringListSchema,
  out_of_scope: StringListSchema,
  acceptance_criteria: StringListSchema.min(1),
  constraints: StringListSchema,
  assumptions: StringListSchema,
});

/** Validates the `node_result` of requirements. */
export const RequirementsResultSchema = z.strictObject({
  problem_class: problemClassOf('REQUIREMENTS'),
  baseline: RequirementsBaselineSchema,
  unresolved_questions: StringListSchema.max(
    0,
    'unresolved_questions must be empty: resolve every material question first',
  ),
});
/** The `node_result` of requirements: the requirements baseline, with no question left open. */
export type RequirementsResult = z.output<typeof RequirementsResultSchema>;

/** Validates a design baseline: the approach, components, decisions and rejected alternatives. */
export const DesignBaselineSchema = z.strictObject({
  requirements_revision: RevisionSchema,
  approach: coreText('MAX_GUIDANCE_BYTES'),
  components: StringListSchema,
  decisions: StringListSchema.min(1),
  rejected_alternatives: StringListSchema,
  complexity_justification: StringListSchema,
  risks: StringListSchema,
});

/** `baseline` is an object exactly when the transition is `design_ready`, otherwise `null`. */
export const DesignResultSchema = z.strictObject({
  problem_class: problemClassOf('DESIGN'),
  baseline: DesignBaselineSchema.nullable(),
  findings: StringListSchema,
});
/** The `node_result` of a design; `baseline` is an object exactly when the transition is `design_ready`. */
export type DesignResult = z.output<typeof DesignResultSchema>;

/** Validates one work item of a task plan. */
export const WorkItemSchema = z.strictObject({
  work_item_id: IdSchema,
  summary: coreText('MAX_EVIDENCE_SUMMARY_BYTES'),
  expected_paths: uniqueItems(RepositoryPathSchema, DEVFLOW_LIMITS.MAX_BOUNDED_STRING_LIST_ITEMS, 'path'),
  acceptance_indexes: uniqueItems(z.int().min(0), DEVFLOW_LIMITS.MAX_BOUNDED_STRING_LIST_ITEMS, 'index'),
  verification_steps: StringListSchema.min(1),
  dependencies: ids(DEVFLOW_LIMITS.MAX_DEPENDENCIES_PER_WORK_ITEM, 'dependency'),
});
/** One work item of a task plan: its id, summary, expected paths and the acceptance criteria it serves. */
export type WorkItem = z.output<typeof WorkItemSchema>;

/** Validates a task-plan baseline: the design revision it builds on and its work items. */
export const TasksBaselineSchema = z.strictObject({
  design_revision: RevisionSchema,
  work_items: z.array(WorkItemSchema).min(1).max(DEVFLOW_LIMITS.MAX_WORK_ITEMS_PER_TASK_PLAN),
});

/** `baseline` is an object exactly when the transition is `tasks_ready`, otherwise `null`. */
export const TasksResultSchema = z.strictObject({
  problem_class: problemClassOf('TASKS'),
  baseline: TasksBaselineSchema.nullable(),
  findings: StringListSchema,
});
/** The `node_result` of a task plan; `baseline` is an object exactly when the transition is `tasks_ready`. */
export type TasksResult = z.output<typeof TasksResultSchema>;

/** Exactly one of a non-empty `changed_paths` and `no_file_changes: true`. */
export const ImplementationResultSchema = z.strictObject({
  problem_class: problemClassOf('IMPLEMENT'),
  task_plan_revision: RevisionSchema,
  completed_work_item_ids: ids(DEVFLOW_LIMITS.MAX_WORK_ITEMS_PER_TASK_PLAN, 'work item id'),
  changed_paths: paths,
  no_file_changes: z.boolean(),
  deviations: StringListSchema,
  findings: StringListSchema,
});
/** The `node_result` of an implementation: the changed paths, or `no_file_changes: true`. */
export type ImplementationResult = z.output<typeof ImplementationResultSchema>;

/** One verification check; only `automated` checks count commands or run the full suite. */
export const TestCheckSchema = z.strictObject({
  source: z.enum(EVIDENCE_SOURCES),
  name: coreText('MAX_EVIDENCE_NAME_BYTES'),
  status: z.enum(EVIDENCE_STATUSES),
  summary: coreText('MAX_EVIDENCE_SUMMARY_BYTES'),
  command_count: z.int().min(0).max(DEVFLOW_LIMITS.MAX_AUTOMATIC_VERIFICATION_COMMANDS),
  full_suite: z.boolean(),
});
/** One verification check of a test result; only `automated` checks count commands. */
export type TestCheck = z.output<typeof TestCheckSchema>;

/** Validates the `node_result` of a test. */
export const TestResultSchema = z.strictObject({
  problem_class: problemClassOf('TEST'),
  checks: z.array(TestCheckSchema).max(DEVFLOW_LIMITS.MAX_EVIDENCE_PER_ACTION),
  failed_items: StringListSchema,
  unverified_items: StringListSchema,
  manual_handoff_items: StringListSchema,
  findings: StringListSchema,
});
/** The `node_result` of a test: the checks run and the items that failed or stay unverified. */
export type TestResult = z.output<typeof TestResultSchema>;

/** The developer's own verdict; an agent never fills this in for the user. */
export const UserConfirmationSchema = z.strictObject({
  source: z.literal('user'),
  status: z.literal('passed'),
  summary: coreText('MAX_EVIDENCE_SUMMARY_BYTES'),
});

/** Validates the `node_result` of a comprehension review. */
export const ComprehensionResultSchema = z.strictObject({
  problem_class: problemClassOf('COMPREHENSION_REVIEW'),
  explained_components: StringListSchema,
  unresolved_questions: StringListSchema,
  unnecessary_abstractions: StringListSchema,
  maintenance_risks: StringListSchema,
  user_confirmation: UserConfirmationSchema.nullable(),
  findings: StringListSchema,
});
/** The `node_result` of a comprehension review: the components explained and the questions left open. */
export type ComprehensionResult = z.output<typeof ComprehensionResultSchema>;

/** Validates the `node_result` of a refactor. */
export const RefactorResultSchema = z.strictObject({
  problem_class: problemClassOf('REFACTOR'),
  changed_paths: paths,
  no_file_changes: z.boolean(),
  simplifications: StringListSchema,
  behavior_change_intended: z.boolean(),
  findings: StringListSchema,
});
/** The `node_result` of a refactor: the changed paths, the simplifications, and whether behaviour changes. */
export type RefactorResult = z.output<typeof RefactorResultSchema>;

/** Validates one acceptance outcome of a delivery: the criterion and whether it is satisfied. */
export const AcceptanceOutcomeSchema = z.strictObject({
  criterion: coreText('MAX_ACCEPTANCE_CRITERION_BYTES'),
  status: z.enum(ACCEPTANCE_STATUSES),
});

/** Validates the `node_result` of a delivery. */
export const DeliveryResultSchema = z.strictObject({
  problem_class: problemClassOf('DELIVERY'),
  acceptance: z.array(AcceptanceOutcomeSchema).max(DEVFLOW_LIMITS.MAX_BOUNDED_STRING_LIST_ITEMS),
  automated_evidence_ids: ids(DEVFLOW_LIMITS.MAX_EVIDENCE_PER_ACTION, 'evidence id'),
  manual_evidence_ids: ids(DEVFLOW_LIMITS.MAX_EVIDENCE_PER_ACTION, 'evidence id'),
  test_record_id: OptionalIdSchema,
  comprehension_record_id: OptionalIdSchema,
  unverified_items: StringListSchema,
  risks: StringListSchema,
  findings: StringListSchema,
});
/** The `node_result` of a delivery: each acceptance criterion's outcome and the evidence behind it. */
export type DeliveryResult = z.output<typeof DeliveryResultSchema>;

/** The `RESOLVE_BLOCKER` payload (`blocker-resolution@1`): no envelope, no method evidence. */
export const BlockerResolutionPayloadSchema = z.strictObject({
  blocker_id: IdSchema,
  condition: z.strictObject({
    kind: z.enum(BLOCKER_CONDITION_KINDS),
    expected_binding_digest: DigestSchema,
  }),
  observed_binding_digest: DigestSchema,
});
/** The `RESOLVE_BLOCKER` payload, which has no envelope and no method evidence. */
export type BlockerResolutionPayload = z.output<typeof BlockerResolutionPayloadSchema>;
