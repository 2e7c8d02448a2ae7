import { pyStrip } from './_python.js';

/** Statuses an artifact ref may carry (`''` = unset); `draft`/`proposed` mark candidate input, not truth. */
export const ARTIFACT_STATUSES = ['draft', 'proposed', 'accepted', 'superseded', 'rejected'] as const;
export type ArtifactStatus = (typeof ARTIFACT_STATUSES)[number];

/** Spellings the kernel maps to `accepted` (after trimming and lower-casing). */
export const ARTIFACT_STATUS_ALIASES: Readonly<Record<string, ArtifactStatus>> = {
  approve: 'accepted',
  approved: 'accepted',
};

/** Statuses whose refs may become task-contract refs. */
export const CONTRACT_REF_STATUSES = ['', 'accepted'] as const;

/**
 * The kernel's artifact kind aliases, applied after lower-casing and `-` → `_`; keys that contain `-` can
 * therefore never match and are kept only because upstream lists them.
 */
export const ARTIFACT_KIND_ALIASES: Readonly<Record<string, string>> = {
  sdd: 'spec',
  spec_ref: 'spec',
  specification: 'spec',
  product_spec: 'spec',
  capability_baseline: 'spec',
  ga_capability_baseline: 'spec',
  plan: 'implementation_plan',
  design_plan: 'implementation_plan',
  full_stage_plan: 'implementation_plan',
  full_stage_implementation_plan: 'implementation_plan',
  data_agent_plan: 'implementation_plan',
  p3_plan: 'implementation_plan',
  p3_implementation_plan: 'implementation_plan',
  phase_3_plan: 'implementation_plan',
  todo: 'backlog_plan',
  backlog: 'backlog_plan',
  full_stage_backlog: 'backlog_plan',
  data_agent_backlog: 'backlog_plan',
  p3_backlog: 'backlog_plan',
  phase_3_backlog: 'backlog_plan',
  work_unit_map: 'task_map',
  'work-unit-map': 'task_map',
  'task-map': 'task_map',
  'source-index': 'source_index',
  source_index_ref: 'source_index',
  'coverage-report': 'coverage_report',
  coverage_report_ref: 'coverage_report',
  review: 'critic_gate',
  critic_review: 'critic_gate',
  acceptance_criteria: 'critic_gate',
};

/** Normalised kind → the task-contract field it fills. */
export const CONTRACT_KIND_FIELDS: Readonly<Record<string, ContractRefField>> = {
  spec: 'spec_ref',
  implementation_plan: 'plan_ref',
  process_plan: 'plan_ref',
  backlog_plan: 'plan_ref',
  tdd: 'tdd_ref',
  test_plan: 'tdd_ref',
  critic_gate: 'critic_gate_ref',
};
export type ContractRefField = 'spec_ref' | 'plan_ref' | 'tdd_ref' | 'critic_gate_ref';

/** Normalised kind → the `evidence_contract.artifact_refs` field it fills. */
export const EVIDENCE_KIND_FIELDS: Readonly<Record<string, EvidenceRefField>> = {
  process_plan: 'process_plan_ref',
  backlog_plan: 'backlog_plan_ref',
  backlog_map: 'backlog_map_ref',
  backlog: 'backlog_map_ref',
  task_map: 'task_map_ref',
  work_unit_map: 'task_map_ref',
  source_index: 'source_index_ref',
  coverage_report: 'coverage_report_ref',
};
export type EvidenceRefField =
  | 'process_plan_ref'
  | 'backlog_plan_ref'
  | 'backlog_map_ref'
  | 'task_map_ref'
  | 'source_index_ref'
  | 'coverage_report_ref';

function lookup<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** The kernel's `normalize_artifact_kind`: trim, lower-case, `-` → `_`, then the alias table. */
export function normalizeArtifactKind(kind: string): string {
  const normalized = pyStrip(kind).toLowerCase().replaceAll('-', '_');
  return lookup(ARTIFACT_KIND_ALIASES, normalized) ?? normalized;
}

/** Trim, lower-case and resolve aliases; the result may still be an unknown status. */
export function normalizeArtifactStatus(status: string): string {
  const normalized = pyStrip(status).toLowerCase();
  return lookup(ARTIFACT_STATUS_ALIASES, normalized) ?? normalized;
}

export function contractFieldForKind(normalizedKind: string): ContractRefField | undefined {
  return lookup(CONTRACT_KIND_FIELDS, normalizedKind);
}

export function evidenceFieldForKind(normalizedKind: string): EvidenceRefField | undefined {
  return lookup(EVIDENCE_KIND_FIELDS, normalizedKind);
}
