// Verbatim from Dev Flow v0.4.0 tests/contract/testdata/final-local-payloads.json (Apache-2.0), as
// transcribed in conformance/devflow/node_payload_cases.json; tests assert they stay identical.

import type {
  ComprehensionPayload,
  DeliveryPayload,
  RefactorPayload,
  TestPayload,
} from '../node-payloads.js';
import type { BlockerResolutionPayload } from '../node-results.js';

/** `valid-tests_passed_initial` */
export const testsPassedInitial: TestPayload = {
  transition_id: 'tests_passed',
  summary: 'The targeted proof-writer test passed.',
  reason: '',
  artifacts: [],
  method_evidence: [
    {
      step_id: 'test.run_budgeted_checks',
      status: 'plain_fallback',
      capability: '',
      summary: 'Ran the one authorized targeted check.',
    },
    {
      step_id: 'test.record_evidence',
      status: 'plain_fallback',
      capability: '',
      summary: 'Recorded the exact successful test result.',
    },
    {
      step_id: 'test.classify_failure',
      status: 'plain_fallback',
      capability: '',
      summary: 'Confirmed there is no current test failure.',
    },
  ],
  node_result: {
    problem_class: 'none',
    checks: [
      {
        source: 'automated',
        name: 'proof_writer_targeted',
        status: 'passed',
        summary: 'The exact UTF-8 output test passed.',
        command_count: 1,
        full_suite: false,
      },
    ],
    failed_items: [],
    unverified_items: [],
    manual_handoff_items: [],
    findings: [],
  },
};

/** `valid-tests_passed_after_refactor` */
export const testsPassedAfterRefactor: TestPayload = {
  transition_id: 'tests_passed',
  summary: 'The targeted proof-writer test passed after refactor.',
  reason: '',
  artifacts: [],
  method_evidence: [
    {
      step_id: 'test.run_budgeted_checks',
      status: 'plain_fallback',
      capability: '',
      summary: 'Ran the second and final authorized targeted check.',
    },
    {
      step_id: 'test.record_evidence',
      status: 'plain_fallback',
      capability: '',
      summary: 'Recorded the exact successful post-refactor result.',
    },
    {
      step_id: 'test.classify_failure',
      status: 'plain_fallback',
      capability: '',
      summary: 'Confirmed there is no current test failure.',
    },
  ],
  node_result: {
    problem_class: 'none',
    checks: [
      {
        source: 'automated',
        name: 'proof_writer_targeted_after_refactor',
        status: 'passed',
        summary: 'The simplified exact UTF-8 output test passed.',
        command_count: 1,
        full_suite: false,
      },
    ],
    failed_items: [],
    unverified_items: [],
    manual_handoff_items: [],
    findings: [],
  },
};

/** `valid-code_too_complex` */
export const codeTooComplex: ComprehensionPayload = {
  transition_id: 'code_too_complex',
  summary: 'The current layering is not understandable or proportionate.',
  reason: 'The Factory and Writer layers are unnecessary for one direct write operation.',
  artifacts: [],
  method_evidence: [
    {
      step_id: 'comprehension.explain',
      status: 'plain_fallback',
      capability: '',
      summary: 'Explained the current layered code path.',
    },
    {
      step_id: 'comprehension.identify_complexity',
      status: 'plain_fallback',
      capability: '',
      summary: 'Identified the unnecessary Factory and Writer layers.',
    },
    {
      step_id: 'comprehension.obtain_user_verdict',
      status: 'plain_fallback',
      capability: '',
      summary: "Recorded the developer's explicit code complexity verdict.",
    },
  ],
  node_result: {
    problem_class: 'code_complexity',
    explained_components: ['writeProof', 'ProofWriterFactory', 'ProofWriter'],
    unresolved_questions: ['Why two layers are needed for one write operation'],
    unnecessary_abstractions: ['ProofWriterFactory', 'ProofWriter'],
    maintenance_risks: ['A simple write path crosses unnecessary abstractions.'],
    user_confirmation: null,
    findings: ['The Factory and Writer layers are unnecessary for the approved behavior.'],
  },
};

/** `valid-comprehension_passed` */
export const comprehensionPassed: ComprehensionPayload = {
  transition_id: 'comprehension_passed',
  summary: 'The developer explicitly understands the simplified implementation.',
  reason: '',
  artifacts: [],
  method_evidence: [
    {
      step_id: 'comprehension.explain',
      status: 'plain_fallback',
      capability: '',
      summary: 'Explained the direct writeProof path.',
    },
    {
      step_id: 'comprehension.identify_complexity',
      status: 'plain_fallback',
      capability: '',
      summary: 'Confirmed no unnecessary abstraction remains.',
    },
    {
      step_id: 'comprehension.obtain_user_verdict',
      status: 'plain_fallback',
      capability: '',
      summary: "Recorded the developer's explicit passing verdict.",
    },
  ],
  node_result: {
    problem_class: 'none',
    explained_components: ['writeProof', 'node:fs/promises writeFile', 'exact output bytes'],
    unresolved_questions: [],
    unnecessary_abstractions: [],
    maintenance_risks: [],
    user_confirmation: {
      source: 'user',
      status: 'passed',
      summary: 'The developer explicitly confirmed the simplified path is understandable and maintainable.',
    },
    findings: [],
  },
};

/** `valid-refactor_ready_for_test` */
export const refactorReadyForTest: RefactorPayload = {
  transition_id: 'refactor_ready_for_test',
  summary: 'The source now contains one direct writeProof path.',
  reason: '',
  artifacts: [],
  method_evidence: [
    {
      step_id: 'refactor.simplify',
      status: 'plain_fallback',
      capability: '',
      summary: 'Removed the unnecessary Factory and Writer layers.',
    },
    {
      step_id: 'refactor.reconcile_artifacts',
      status: 'plain_fallback',
      capability: '',
      summary: 'Confirmed no process artifact requires a separate update.',
    },
    {
      step_id: 'refactor.record_surface',
      status: 'plain_fallback',
      capability: '',
      summary: 'Recorded the one changed source path and simplification.',
    },
  ],
  node_result: {
    problem_class: 'none',
    changed_paths: ['src/proof-writer.mjs'],
    no_file_changes: false,
    simplifications: ['Replaced ProofWriterFactory and ProofWriter with one direct writeProof function.'],
    behavior_change_intended: false,
    findings: [],
  },
};

/** `valid-delivery_complete` */
export const deliveryComplete: DeliveryPayload = {
  transition_id: 'delivery_complete',
  summary: 'Current acceptance, test, comprehension, and risks are reconciled.',
  reason: '',
  artifacts: [],
  method_evidence: [
    {
      step_id: 'delivery.reconcile_acceptance',
      status: 'plain_fallback',
      capability: '',
      summary: 'Reconciled all current acceptance criteria.',
    },
    {
      step_id: 'delivery.reconcile_method_artifacts',
      status: 'plain_fallback',
      capability: '',
      summary: 'Confirmed no method artifact remains stale.',
    },
    {
      step_id: 'delivery.prepare_summary',
      status: 'plain_fallback',
      capability: '',
      summary: 'Prepared the bounded delivery summary.',
    },
  ],
  node_result: {
    problem_class: 'none',
    acceptance: [
      {
        criterion: 'writeProof writes the exact required UTF-8 bytes',
        status: 'satisfied',
      },
      {
        criterion: 'the targeted test passes',
        status: 'satisfied',
      },
      {
        criterion: 'the final implementation is understandable to the developer',
        status: 'satisfied',
      },
    ],
    automated_evidence_ids: ['evidence-test-current'],
    manual_evidence_ids: ['evidence-comprehension-current'],
    test_record_id: 'test-record-current',
    comprehension_record_id: 'comprehension-record-current',
    unverified_items: [],
    risks: [],
    findings: [],
  },
};

/**
 * A `RESOLVE_BLOCKER` payload built from the Contract 0.2 shape (seed-systems §4.6); upstream v0.4.0 ships
 * no fixture for it. The observed binding equals the restored issuance binding.
 */
export const restoreIssuanceBinding: BlockerResolutionPayload = {
  blocker_id: 'blocker-recovery-0001',
  condition: {
    kind: 'restore_issuance_binding',
    expected_binding_digest: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  },
  observed_binding_digest: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
};
