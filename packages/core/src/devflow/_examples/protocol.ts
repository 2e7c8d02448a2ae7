// From conformance/devflow/arguments_cases.json (Dev Flow v0.4.0, Apache-2.0): the Skill's
// new_task example and the apply / operation_probe mapping of the plain-requirements fixture Action.
import type { ApplyArguments } from '../apply-arguments.js';
import type { NewTask } from '../new-task.js';
import type { OperationProbe } from '../operation-probe.js';

/** The verbatim `new_task` example block of the dev-flow Skill. */
export const skillNewTask: NewTask = {
  request: 'Return the requested field from the bounded endpoint.',
  initial_scope: ['Update the endpoint response'],
  initial_out_of_scope: ['Change unrelated endpoints'],
  known_acceptance_criteria: ['The response contains the requested field'],
  verification_budget: {
    level: 'targeted',
    max_automatic_commands: 4,
    allow_full_suite: false,
    allow_manual_handoff: true,
  },
  method_profile: 'plain',
};

/** `dev_flow_apply_action` arguments mapped from the plain-requirements fixture Action. */
export const plainRequirementsApply: ApplyArguments = {
  request_id: 'request-plain-requirements-0001',
  host: 'codex',
  task_id: 'task-method-fixture',
  revision: 1,
  action_id: 'action-requirements-fixture',
  action_kind: 'COMPLETE_REQUIREMENTS',
  process_id: 'standard-development',
  process_version: 1,
  process_definition_digest: '5265db6c44ce12ea55d9fdb072b4dcb2345f6e2a1e89b016644c2819e320f2c1',
  source_cursor: 'REQUIREMENTS',
  repository_binding_digest: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  payload: {
    transition_id: 'requirements_ready',
    summary: 'Fixture plain-requirements completed the semantic node work.',
    reason: '',
    artifacts: [],
    method_evidence: [
      {
        step_id: 'requirements.capture',
        status: 'plain_fallback',
        capability: '',
        summary: 'Captured bounded requirements directly.',
      },
      {
        step_id: 'requirements.clarify',
        status: 'plain_fallback',
        capability: '',
        summary: 'Resolved material questions directly.',
      },
      {
        step_id: 'requirements.validate',
        status: 'plain_fallback',
        capability: '',
        summary: 'Validated observable acceptance directly.',
      },
    ],
    node_result: {
      problem_class: 'none',
      baseline: {
        goal: 'Prove method profiles share one Core transition.',
        scope: ['Codex adapter fixture behavior'],
        out_of_scope: ['Method tool installation', 'DeepSeek product behavior'],
        acceptance_criteria: ['Equivalent profile results enter DESIGN'],
        constraints: ['Core remains the only transition authority'],
        assumptions: [],
      },
      unresolved_questions: [],
    },
  },
};

/** The probe for that apply when its result was uncertain and the payload was retained. */
export const plainRequirementsProbe: OperationProbe = {
  operation_id: 'request-plain-requirements-0001',
  process_id: 'standard-development',
  process_version: 1,
  process_definition_digest: '5265db6c44ce12ea55d9fdb072b4dcb2345f6e2a1e89b016644c2819e320f2c1',
  source_cursor: 'REQUIREMENTS',
  expected_revision: 1,
  action_id: 'action-requirements-fixture',
  action_kind: 'COMPLETE_REQUIREMENTS',
  repository_binding_digest: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  payload: plainRequirementsApply.payload,
};

/** The same probe when the payload was not completely retained. */
export const plainRequirementsProbeWithoutPayload: OperationProbe = {
  ...plainRequirementsProbe,
  payload: null,
};

/** The exact resend Core asks for with `submit_recovery_apply`. */
export const plainRequirementsRecoveryApply: ApplyArguments = {
  ...plainRequirementsApply,
  recovery_apply: { operation_id: 'request-plain-requirements-0001', source_cursor: 'REQUIREMENTS' },
};
