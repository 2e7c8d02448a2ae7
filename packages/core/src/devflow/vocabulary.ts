/** The closed value sets of Dev Flow Core Contract 0.2, in Core's order. */

export const NODE_IDS = [
  'REQUIREMENTS',
  'DESIGN',
  'TASKS',
  'IMPLEMENT',
  'TEST',
  'COMPREHENSION_REVIEW',
  'REFACTOR',
  'DELIVERY',
  'DONE',
  'BLOCKED',
  'CANCELLED',
] as const;
/** A node of the standard process, one of `NODE_IDS`. */
export type NodeId = (typeof NODE_IDS)[number];

/** Nodes whose Action completes work with a closed `node_result` payload. */
export const WORK_NODE_IDS = [
  'REQUIREMENTS',
  'DESIGN',
  'TASKS',
  'IMPLEMENT',
  'TEST',
  'COMPREHENSION_REVIEW',
  'REFACTOR',
  'DELIVERY',
] as const;
/** A node whose Action completes work with a closed `node_result` payload, one of `WORK_NODE_IDS`. */
export type WorkNodeId = (typeof WORK_NODE_IDS)[number];

export const ACTION_KINDS = [
  'COMPLETE_REQUIREMENTS',
  'COMPLETE_DESIGN',
  'COMPLETE_TASKS',
  'COMPLETE_IMPLEMENTATION',
  'COMPLETE_TEST',
  'COMPLETE_COMPREHENSION_REVIEW',
  'COMPLETE_REFACTOR',
  'COMPLETE_DELIVERY',
  'RESOLVE_BLOCKER',
] as const;
/** The kind of a Core Action, one of `ACTION_KINDS`. */
export type ActionKind = (typeof ACTION_KINDS)[number];

export const PROBLEM_CLASSES = [
  'none',
  'requirement_gap',
  'design_gap',
  'code_complexity',
  'implementation_failure',
  'design_failure',
  'implementation_defect',
  'design_complexity',
  'verification_gap',
  'design_change',
  'requirement_change',
  'implementation_gap',
  'test_gap',
  'comprehension_gap',
] as const;
/** The problem class a payload reports, one of `PROBLEM_CLASSES`. */
export type ProblemClass = (typeof PROBLEM_CLASSES)[number];

/** The method profiles an Action may name, in Core's order. */
export const METHOD_PROFILES = ['plain', 'spec-kit', 'openspec'] as const;
/** A method profile, one of `METHOD_PROFILES`. */
export type MethodProfile = (typeof METHOD_PROFILES)[number];

export const METHOD_STEP_STATUSES = ['completed', 'not_run', 'unavailable', 'plain_fallback'] as const;
/** How a method step was performed, one of `METHOD_STEP_STATUSES`. */
export type MethodStepStatus = (typeof METHOD_STEP_STATUSES)[number];

export const ALLOWED_EFFECTS = [
  'read_repository',
  'edit_process_artifacts',
  'edit_product_files',
  'run_verification_commands',
  'request_user_decision',
  'prepare_delivery_summary',
  'resolve_blocker',
] as const;
/** An effect an Action allows, one of `ALLOWED_EFFECTS`. */
export type AllowedEffect = (typeof ALLOWED_EFFECTS)[number];

export const EVIDENCE_KINDS = [
  'repository_observation',
  'requirements_baseline',
  'design_baseline',
  'task_plan_baseline',
  'implementation_summary',
  'test_summary',
  'comprehension_assessment',
  'refactor_summary',
  'delivery_summary',
  'blocker_resolution',
] as const;
/** A kind of evidence an Action requires, one of `EVIDENCE_KINDS`. */
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/** Artifact roles a payload may name; a required-evidence kind such as `repository_observation` is not one. */
export const ARTIFACT_ROLES = [
  'requirements',
  'design',
  'task_plan',
  'implementation',
  'test',
  'comprehension',
  'refactor',
  'delivery',
  'other_process',
] as const;
/** An artifact role a payload may name, one of `ARTIFACT_ROLES`. */
export type ArtifactRole = (typeof ARTIFACT_ROLES)[number];

export const EVIDENCE_SOURCES = ['automated', 'user', 'static', 'host_observed'] as const;
/** Where a piece of evidence comes from, one of `EVIDENCE_SOURCES`. */
export type EvidenceSource = (typeof EVIDENCE_SOURCES)[number];

export const EVIDENCE_STATUSES = ['passed', 'failed', 'skipped', 'not_run', 'observed'] as const;
/** The outcome a piece of evidence records, one of `EVIDENCE_STATUSES`. */
export type EvidenceStatus = (typeof EVIDENCE_STATUSES)[number];

export const ACCEPTANCE_STATUSES = ['satisfied', 'unverified'] as const;
/** Whether an acceptance criterion is satisfied, one of `ACCEPTANCE_STATUSES`. */
export type AcceptanceStatus = (typeof ACCEPTANCE_STATUSES)[number];

export const VERIFICATION_LEVELS = ['minimal', 'targeted', 'full'] as const;
/** How much verification a task asks for, one of `VERIFICATION_LEVELS`. */
export type VerificationLevel = (typeof VERIFICATION_LEVELS)[number];

export const HOSTS = ['codex', 'deepseek'] as const;
/** A host adapter Core supports, one of `HOSTS`. */
export type Host = (typeof HOSTS)[number];

/** The six tools of the catalog, in the exact order the handshake requires. */
export const TOOL_NAMES = [
  'dev_flow_server_info',
  'dev_flow_open_task',
  'dev_flow_get_task',
  'dev_flow_get_next_action',
  'dev_flow_apply_action',
  'dev_flow_cancel_task',
] as const;
/** A tool of the Dev Flow catalog, one of `TOOL_NAMES`. */
export type ToolName = (typeof TOOL_NAMES)[number];

export const BLOCKER_CONDITION_KINDS = ['restore_issuance_binding'] as const;
/** The kind of condition a blocker resolution restores, one of `BLOCKER_CONDITION_KINDS`. */
export type BlockerConditionKind = (typeof BLOCKER_CONDITION_KINDS)[number];
