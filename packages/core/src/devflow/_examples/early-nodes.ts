// Verbatim from Dev Flow v0.4.0 tests/contract/testdata/final-local-payloads.json (Apache-2.0), as
// transcribed in conformance/devflow/node_payload_cases.json; tests assert they stay identical.
import type {
  DesignPayload,
  ImplementationPayload,
  RequirementsPayload,
  TasksPayload,
} from '../node-payloads.js';

/** `valid-requirements_ready` */
export const requirementsReady: RequirementsPayload = {
  transition_id: 'requirements_ready',
  summary: 'The requirement is bounded and testable.',
  reason: '',
  artifacts: [],
  method_evidence: [
    {
      step_id: 'requirements.capture',
      status: 'plain_fallback',
      capability: '',
      summary: 'Captured the requested proof-writing behavior and exact output.',
    },
    {
      step_id: 'requirements.clarify',
      status: 'plain_fallback',
      capability: '',
      summary: 'Resolved the scope, output bytes, verification budget, and non-goals.',
    },
    {
      step_id: 'requirements.validate',
      status: 'plain_fallback',
      capability: '',
      summary: 'Confirmed that the acceptance criteria are bounded and testable.',
    },
  ],
  node_result: {
    problem_class: 'none',
    baseline: {
      goal: 'Implement writeProof with the exact required UTF-8 output.',
      scope: ['src/proof-writer.mjs'],
      out_of_scope: ['changing the test contract', 'adding a generic framework', 'committing Git history'],
      acceptance_criteria: [
        'writeProof writes the exact required UTF-8 bytes',
        'the targeted test passes',
        'the final implementation is understandable to the developer',
      ],
      constraints: [
        'run only the authorized targeted verification command',
        'retain the initial layering until the first comprehension review',
      ],
      assumptions: [],
    },
    unresolved_questions: [],
  },
};

/** `valid-design_ready` */
export const designReady: DesignPayload = {
  transition_id: 'design_ready',
  summary: 'The initial layered implementation plan is bounded.',
  reason: '',
  artifacts: [],
  method_evidence: [
    {
      step_id: 'design.choose_approach',
      status: 'plain_fallback',
      capability: '',
      summary: 'Selected the requested initial layered approach.',
    },
    {
      step_id: 'design.review_complexity',
      status: 'plain_fallback',
      capability: '',
      summary: 'Recorded the temporary layering and later comprehension gate.',
    },
    {
      step_id: 'design.record_decisions',
      status: 'plain_fallback',
      capability: '',
      summary: 'Recorded the components, decisions, alternatives, and risk.',
    },
  ],
  node_result: {
    problem_class: 'none',
    baseline: {
      requirements_revision: 1,
      approach:
        'Implement ProofWriter.write while retaining the existing Factory and Writer until comprehension review.',
      components: ['writeProof', 'ProofWriterFactory', 'ProofWriter'],
      decisions: ['Change only src/proof-writer.mjs', 'Use node:fs/promises writeFile'],
      rejected_alternatives: ['Changing the test', 'Adding a framework'],
      complexity_justification: [
        'The initial layering is retained only to exercise the comprehension and refactor gates.',
      ],
      risks: ['The developer may reject the temporary layering as unnecessary complexity.'],
    },
    findings: [],
  },
};

/** `valid-tasks_ready` */
export const tasksReady: TasksPayload = {
  transition_id: 'tasks_ready',
  summary: 'The implementation and targeted verification are decomposed.',
  reason: '',
  artifacts: [],
  method_evidence: [
    {
      step_id: 'tasks.decompose',
      status: 'plain_fallback',
      capability: '',
      summary: 'Created one bounded implementation work item.',
    },
    {
      step_id: 'tasks.map_acceptance',
      status: 'plain_fallback',
      capability: '',
      summary: 'Mapped all current acceptance criteria.',
    },
    {
      step_id: 'tasks.analyze_consistency',
      status: 'plain_fallback',
      capability: '',
      summary: 'Checked the requirement, design, and task for consistency.',
    },
  ],
  node_result: {
    problem_class: 'none',
    baseline: {
      design_revision: 1,
      work_items: [
        {
          work_item_id: 'implement-proof-writer',
          summary: 'Implement the exact proof output in the approved source file.',
          expected_paths: ['src/proof-writer.mjs'],
          acceptance_indexes: [0, 1, 2],
          verification_steps: ['node --test test/proof-writer.test.mjs'],
          dependencies: [],
        },
      ],
    },
    findings: [],
  },
};

/** `valid-implementation_ready_for_test` */
export const implementationReadyForTest: ImplementationPayload = {
  transition_id: 'implementation_ready_for_test',
  summary: 'The initial layered implementation writes the exact bytes.',
  reason: '',
  artifacts: [],
  method_evidence: [
    {
      step_id: 'implementation.execute_plan',
      status: 'plain_fallback',
      capability: '',
      summary: 'Implemented the current work item.',
    },
    {
      step_id: 'implementation.record_surface',
      status: 'plain_fallback',
      capability: '',
      summary: 'Recorded the one changed source path.',
    },
    {
      step_id: 'implementation.classify_deviations',
      status: 'plain_fallback',
      capability: '',
      summary: 'Confirmed that no requirement or design deviation occurred.',
    },
  ],
  node_result: {
    problem_class: 'none',
    task_plan_revision: 1,
    completed_work_item_ids: ['implement-proof-writer'],
    changed_paths: ['src/proof-writer.mjs'],
    no_file_changes: false,
    deviations: [],
    findings: [],
  },
};
