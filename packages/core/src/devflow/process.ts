import type {
  ActionKind,
  AllowedEffect,
  EvidenceKind,
  NodeId,
  ProblemClass,
  WorkNodeId,
} from './vocabulary.js';

/** One edge of the process graph, with the problem class its payload must report. */
export interface TransitionDefinition {
  readonly transition_id: string;
  readonly source: NodeId;
  readonly destination_node: NodeId;
  readonly guard_id: string;
  readonly problem_class: ProblemClass;
  readonly reason_required: boolean;
}

/** One method step a node defines: its id and whether it is required. */
export interface MethodStepDefinition {
  readonly step_id: string;
  readonly required: boolean;
}

/** A node that issues an Action: its kind, payload contract, effects, evidence, method steps and edges. */
export interface NodeDefinition {
  readonly node_id: NodeId;
  readonly action_kind: ActionKind;
  readonly payload_contract: string;
  readonly allowed_effects: readonly AllowedEffect[];
  readonly required_evidence: readonly EvidenceKind[];
  readonly method_steps: readonly MethodStepDefinition[];
  /** Outgoing transition ids, in Core's order. */
  readonly transitions: readonly string[];
}

/** A process graph: its id and version, entry and terminal nodes, nodes and transitions. */
export interface ProcessDefinition {
  readonly process_id: string;
  readonly process_version: number;
  readonly entry_node: NodeId;
  readonly terminal_nodes: readonly NodeId[];
  readonly nodes: readonly NodeDefinition[];
  readonly transitions: readonly TransitionDefinition[];
}

function edge(
  transition_id: string,
  source: WorkNodeId,
  destination_node: NodeId,
  guard_id: string,
  problem_class: ProblemClass,
): TransitionDefinition {
  return {
    transition_id,
    source,
    destination_node,
    guard_id,
    problem_class,
    reason_required: problem_class !== 'none',
  };
}

function steps(...ids: string[]): MethodStepDefinition[] {
  return ids.map((step_id) => ({ step_id, required: true }));
}

const READ_EDIT_ASK: AllowedEffect[] = ['read_repository', 'edit_process_artifacts', 'request_user_decision'];
const READ_EDIT_PRODUCT: AllowedEffect[] = [
  'read_repository',
  'edit_product_files',
  'edit_process_artifacts',
];

/**
 * `standard-development@1` as Dev Flow v0.4.0 defines it (`internal/workflow/standard_process.go`,
 * `payloads_v2.go`): every non-`none` edge requires a reason.
 */
export const STANDARD_PROCESS: ProcessDefinition = {
  process_id: 'standard-development',
  process_version: 1,
  entry_node: 'REQUIREMENTS',
  terminal_nodes: ['DONE', 'CANCELLED'],
  transitions: [
    edge('requirements_ready', 'REQUIREMENTS', 'DESIGN', 'requirements_baseline_complete', 'none'),
    edge('design_ready', 'DESIGN', 'TASKS', 'design_baseline_complete', 'none'),
    edge(
      'design_requires_requirements',
      'DESIGN',
      'REQUIREMENTS',
      'material_requirement_gap',
      'requirement_gap',
    ),
    edge('tasks_ready', 'TASKS', 'IMPLEMENT', 'task_plan_baseline_complete', 'none'),
    edge('tasks_require_design', 'TASKS', 'DESIGN', 'design_not_decomposable', 'design_gap'),
    edge(
      'tasks_require_requirements',
      'TASKS',
      'REQUIREMENTS',
      'material_requirement_gap',
      'requirement_gap',
    ),
    edge('implementation_ready_for_test', 'IMPLEMENT', 'TEST', 'implementation_report_complete', 'none'),
    edge(
      'implementation_requires_design',
      'IMPLEMENT',
      'DESIGN',
      'implementation_exposes_design_gap',
      'design_gap',
    ),
    edge(
      'implementation_requires_requirements',
      'IMPLEMENT',
      'REQUIREMENTS',
      'material_requirement_gap',
      'requirement_gap',
    ),
    edge(
      'implementation_needs_refactor',
      'IMPLEMENT',
      'REFACTOR',
      'implementation_complexity_identified',
      'code_complexity',
    ),
    edge('tests_passed', 'TEST', 'COMPREHENSION_REVIEW', 'current_tests_pass', 'none'),
    edge(
      'tests_failed_implementation',
      'TEST',
      'IMPLEMENT',
      'implementation_failure_identified',
      'implementation_failure',
    ),
    edge('tests_expose_design_issue', 'TEST', 'DESIGN', 'test_design_failure_identified', 'design_failure'),
    edge(
      'tests_expose_requirement_issue',
      'TEST',
      'REQUIREMENTS',
      'test_requirement_gap_identified',
      'requirement_gap',
    ),
    edge(
      'comprehension_passed',
      'COMPREHENSION_REVIEW',
      'DELIVERY',
      'current_user_comprehension_confirmed',
      'none',
    ),
    edge(
      'implementation_defect',
      'COMPREHENSION_REVIEW',
      'IMPLEMENT',
      'implementation_defect_identified',
      'implementation_defect',
    ),
    edge(
      'code_too_complex',
      'COMPREHENSION_REVIEW',
      'REFACTOR',
      'code_complexity_identified',
      'code_complexity',
    ),
    edge(
      'design_too_complex',
      'COMPREHENSION_REVIEW',
      'DESIGN',
      'design_complexity_identified',
      'design_complexity',
    ),
    edge(
      'evidence_insufficient',
      'COMPREHENSION_REVIEW',
      'TEST',
      'verification_gap_identified',
      'verification_gap',
    ),
    edge(
      'requirement_unclear',
      'COMPREHENSION_REVIEW',
      'REQUIREMENTS',
      'comprehension_requirement_gap_identified',
      'requirement_gap',
    ),
    edge('refactor_ready_for_test', 'REFACTOR', 'TEST', 'refactor_report_complete', 'none'),
    edge(
      'refactor_requires_design',
      'REFACTOR',
      'DESIGN',
      'refactor_design_change_required',
      'design_change',
    ),
    edge(
      'refactor_requires_requirements',
      'REFACTOR',
      'REQUIREMENTS',
      'refactor_requirement_change_required',
      'requirement_change',
    ),
    edge('delivery_complete', 'DELIVERY', 'DONE', 'delivery_current_and_complete', 'none'),
    edge(
      'delivery_needs_implementation',
      'DELIVERY',
      'IMPLEMENT',
      'delivery_implementation_gap_identified',
      'implementation_gap',
    ),
    edge('delivery_needs_test', 'DELIVERY', 'TEST', 'delivery_test_gap_identified', 'test_gap'),
    edge(
      'delivery_needs_comprehension',
      'DELIVERY',
      'COMPREHENSION_REVIEW',
      'delivery_comprehension_gap_identified',
      'comprehension_gap',
    ),
    edge('delivery_needs_design', 'DELIVERY', 'DESIGN', 'delivery_design_gap_identified', 'design_gap'),
    edge(
      'delivery_needs_requirements',
      'DELIVERY',
      'REQUIREMENTS',
      'delivery_requirement_gap_identified',
      'requirement_gap',
    ),
  ],
  nodes: [
    {
      node_id: 'REQUIREMENTS',
      action_kind: 'COMPLETE_REQUIREMENTS',
      payload_contract: 'requirements-result@1',
      allowed_effects: READ_EDIT_ASK,
      required_evidence: ['repository_observation', 'requirements_baseline'],
      method_steps: steps('requirements.capture', 'requirements.clarify', 'requirements.validate'),
      transitions: ['requirements_ready'],
    },
    {
      node_id: 'DESIGN',
      action_kind: 'COMPLETE_DESIGN',
      payload_contract: 'design-result@1',
      allowed_effects: READ_EDIT_ASK,
      required_evidence: ['repository_observation', 'design_baseline'],
      method_steps: steps('design.choose_approach', 'design.review_complexity', 'design.record_decisions'),
      transitions: ['design_ready', 'design_requires_requirements'],
    },
    {
      node_id: 'TASKS',
      action_kind: 'COMPLETE_TASKS',
      payload_contract: 'tasks-result@1',
      allowed_effects: ['read_repository', 'edit_process_artifacts'],
      required_evidence: ['repository_observation', 'task_plan_baseline'],
      method_steps: steps('tasks.decompose', 'tasks.map_acceptance', 'tasks.analyze_consistency'),
      transitions: ['tasks_ready', 'tasks_require_design', 'tasks_require_requirements'],
    },
    {
      node_id: 'IMPLEMENT',
      action_kind: 'COMPLETE_IMPLEMENTATION',
      payload_contract: 'implementation-result@1',
      allowed_effects: READ_EDIT_PRODUCT,
      required_evidence: ['repository_observation', 'implementation_summary'],
      method_steps: steps(
        'implementation.execute_plan',
        'implementation.record_surface',
        'implementation.classify_deviations',
      ),
      transitions: [
        'implementation_ready_for_test',
        'implementation_requires_design',
        'implementation_requires_requirements',
        'implementation_needs_refactor',
      ],
    },
    {
      node_id: 'TEST',
      action_kind: 'COMPLETE_TEST',
      payload_contract: 'test-result@1',
      allowed_effects: ['read_repository', 'run_verification_commands', 'edit_process_artifacts'],
      required_evidence: ['repository_observation', 'test_summary'],
      method_steps: steps('test.run_budgeted_checks', 'test.record_evidence', 'test.classify_failure'),
      transitions: [
        'tests_passed',
        'tests_failed_implementation',
        'tests_expose_design_issue',
        'tests_expose_requirement_issue',
      ],
    },
    {
      node_id: 'COMPREHENSION_REVIEW',
      action_kind: 'COMPLETE_COMPREHENSION_REVIEW',
      payload_contract: 'comprehension-result@1',
      allowed_effects: READ_EDIT_ASK,
      required_evidence: ['repository_observation', 'comprehension_assessment'],
      method_steps: steps(
        'comprehension.explain',
        'comprehension.identify_complexity',
        'comprehension.obtain_user_verdict',
      ),
      transitions: [
        'comprehension_passed',
        'implementation_defect',
        'code_too_complex',
        'design_too_complex',
        'evidence_insufficient',
        'requirement_unclear',
      ],
    },
    {
      node_id: 'REFACTOR',
      action_kind: 'COMPLETE_REFACTOR',
      payload_contract: 'refactor-result@1',
      allowed_effects: READ_EDIT_PRODUCT,
      required_evidence: ['repository_observation', 'refactor_summary'],
      method_steps: steps('refactor.simplify', 'refactor.reconcile_artifacts', 'refactor.record_surface'),
      transitions: ['refactor_ready_for_test', 'refactor_requires_design', 'refactor_requires_requirements'],
    },
    {
      node_id: 'DELIVERY',
      action_kind: 'COMPLETE_DELIVERY',
      payload_contract: 'delivery-result@1',
      allowed_effects: ['read_repository', 'edit_process_artifacts', 'prepare_delivery_summary'],
      required_evidence: ['repository_observation', 'delivery_summary'],
      method_steps: steps(
        'delivery.reconcile_acceptance',
        'delivery.reconcile_method_artifacts',
        'delivery.prepare_summary',
      ),
      transitions: [
        'delivery_complete',
        'delivery_needs_implementation',
        'delivery_needs_test',
        'delivery_needs_comprehension',
        'delivery_needs_design',
        'delivery_needs_requirements',
      ],
    },
    {
      node_id: 'BLOCKED',
      action_kind: 'RESOLVE_BLOCKER',
      payload_contract: 'blocker-resolution@1',
      allowed_effects: ['read_repository', 'resolve_blocker'],
      required_evidence: ['repository_observation', 'blocker_resolution'],
      method_steps: steps('blocker.resolve'),
      transitions: [],
    },
  ],
};

/** The node with this id in the process (default the standard process), or `undefined`. */
export function findNode(
  nodeId: string,
  process: ProcessDefinition = STANDARD_PROCESS,
): NodeDefinition | undefined {
  return process.nodes.find((node) => node.node_id === nodeId);
}

export function findNodeByActionKind(
  kind: string,
  process: ProcessDefinition = STANDARD_PROCESS,
): NodeDefinition | undefined {
  return process.nodes.find((node) => node.action_kind === kind);
}

export function findTransition(
  transitionId: string,
  process: ProcessDefinition = STANDARD_PROCESS,
): TransitionDefinition | undefined {
  return process.transitions.find((transition) => transition.transition_id === transitionId);
}

/** The transitions leaving a node, in Core's order (empty for an unknown or terminal node). */
export function outgoingTransitions(
  nodeId: string,
  process: ProcessDefinition = STANDARD_PROCESS,
): TransitionDefinition[] {
  const node = findNode(nodeId, process);
  if (!node) return [];
  return node.transitions.flatMap((id) => {
    const transition = findTransition(id, process);
    return transition && transition.source === nodeId ? [transition] : [];
  });
}

/** The problem classes a node's payload may report: the classes of its outgoing transitions. */
export function problemClassesForNode(
  nodeId: string,
  process: ProcessDefinition = STANDARD_PROCESS,
): ProblemClass[] {
  return [...new Set(outgoingTransitions(nodeId, process).map((transition) => transition.problem_class))];
}
