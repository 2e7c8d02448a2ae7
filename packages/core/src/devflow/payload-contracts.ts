import type { z } from 'zod';
import type { AnyContract, ContractExample } from '../contract.js';
import { defineContract } from '../define-contract.js';
import type { Result } from '../result.js';
import {
  designReady,
  implementationReadyForTest,
  requirementsReady,
  tasksReady,
} from './_examples/early-nodes.js';
import {
  codeTooComplex,
  comprehensionPassed,
  deliveryComplete,
  refactorReadyForTest,
  restoreIssuanceBinding,
  testsPassedAfterRefactor,
  testsPassedInitial,
} from './_examples/late-nodes.js';
import {
  plainRequirementsApply,
  plainRequirementsProbe,
  plainRequirementsProbeWithoutPayload,
  plainRequirementsRecoveryApply,
  skillNewTask,
} from './_examples/protocol.js';
import { ApplyArgumentsSchema, safeParseApplyArguments } from './apply-arguments.js';
import type { DevflowProtocolError } from './error-codes.js';
import { NewTaskSchema, safeParseNewTask } from './new-task.js';
import { NODE_PAYLOAD_SCHEMAS } from './node-payloads.js';
import { BlockerResolutionPayloadSchema } from './node-results.js';
import { OperationProbeSchema, safeParseOperationProbe } from './operation-probe.js';
import { checkActionPayload, standardPayloadContext } from './payload-check.js';
import { findNode } from './process.js';
import type { NodeId } from './vocabulary.js';

const PAYLOAD_RULES = [
  'Send exactly the six members transition_id, summary, reason, artifacts, method_evidence and node_result; never destination, next_node, next_cursor, a classification, a digest or raw output.',
  'Choose transition_id only from the fresh Action available_transitions; reason is "" unless that transition has reason_required, then a trimmed explanation.',
  'node_result.problem_class must be the class of the chosen transition; "none" needs empty findings, any other class at least one finding.',
  'method_evidence has exactly one item per Action method step, in the same order: completed with the capability id actually used, plain_fallback with capability "", or honestly unavailable / not_run (a required step left so blocks the apply).',
  'Artifact roles are requirements, design, task_plan, implementation, test, comprehension, refactor, delivery or other_process; paths are repository-relative; digests are 64 lowercase hex.',
  'Keep every list a JSON array of unique, trimmed, non-empty strings (at most 64), and the payload an object, never a string.',
];

/**
 * The contract's schema says what its `validate` accepts: the closed shape plus the checks that need more
 * than one field (an outgoing transition, the payload an action kind takes), as one refinement that runs
 * the same check. The JSON Schema is the shape's; refinements are not part of it.
 */
function checkedBy<S extends z.ZodType>(
  schema: S,
  check: (value: unknown) => Result<unknown, DevflowProtocolError>,
): S {
  return schema.superRefine((value, context) => {
    const checked = check(value);
    if (checked.success) return;
    const fieldPath = checked.error.details.fieldPath;
    context.addIssue({
      code: 'custom',
      message: checked.error.message,
      ...(typeof fieldPath === 'string' && fieldPath !== '' ? { path: fieldPath.split('.') } : {}),
      params: { code: checked.error.code },
    });
  }) as unknown as S;
}

function nodePayloadContract<S extends z.ZodType>(
  node: NodeId,
  slug: string,
  title: string,
  schema: S,
  examples: readonly ContractExample<z.output<S>>[],
  description: string,
) {
  const definition = findNode(node)!;
  return defineContract({
    id: `devflow.node-result-${slug}`,
    version: definition.payload_contract.split('@')[1] ?? '1',
    title,
    description: `${description} Payload contract ${definition.payload_contract} of standard-development@1 (${definition.action_kind}).`,
    delivery: 'payload',
    schema: checkedBy(schema, (value) => checkActionPayload(standardPayloadContext(node), value)),
    jsonSchemaSource: schema,
    examples,
    rules: node === 'BLOCKED' ? [] : PAYLOAD_RULES,
    validate: (value) => {
      const checked = checkActionPayload(standardPayloadContext(node), value);
      return checked.success ? { success: true, data: checked.data.payload as z.output<S> } : checked;
    },
  });
}

/** The `devflow.new-task` contract: the closed `new_task` of `dev_flow_open_task`. */
export const newTaskContract = defineContract({
  id: 'devflow.new-task',
  version: '0.2',
  title: 'Dev Flow new_task',
  description:
    'The closed new_task of dev_flow_open_task, derived only from the admitted user request; omit it or send null to resume.',
  delivery: 'payload',
  schema: NewTaskSchema,
  examples: [
    { name: 'skill-example', description: 'The dev-flow Skill example, verbatim.', value: skillNewTask },
  ],
  rules: [
    'Send exactly request, initial_scope, initial_out_of_scope, known_acceptance_criteria, verification_budget and method_profile.',
    'request is a string; the three lists are JSON arrays of strings (possibly empty), never prose.',
    'verification_budget has exactly level (minimal|targeted|full), max_automatic_commands (0..20), allow_full_suite and allow_manual_handoff.',
    'method_profile comes from explicit user intent only: plain, spec-kit or openspec; plain when none was requested.',
  ],
  validate: safeParseNewTask,
});

/**
 * The `devflow.apply-arguments` contract: the `dev_flow_apply_action` arguments mapped from a fresh Action.
 */
export const applyArgumentsContract = defineContract({
  id: 'devflow.apply-arguments',
  version: '0.2',
  title: 'Dev Flow dev_flow_apply_action arguments',
  description:
    'One mutation mapped from a fresh Action: request_id, host, task_id, integer revision, action_id, action_kind, process identity, source_cursor = current_node, repository_binding_digest and the closed payload object.',
  delivery: 'payload',
  schema: checkedBy(ApplyArgumentsSchema, safeParseApplyArguments),
  jsonSchemaSource: ApplyArgumentsSchema,
  examples: [
    { name: 'plain-requirements', value: plainRequirementsApply },
    {
      name: 'recovery-apply',
      description: 'The resend Core requests with submit_recovery_apply.',
      value: plainRequirementsRecoveryApply,
    },
  ],
  rules: [
    'Map every top-level member from the same fresh Action; source_cursor is its current_node and revision stays an integer.',
    'payload is the closed payload object itself, never a string and never wrapped in another payload.',
    'Omit recovery_apply (or send null) for an ordinary mutation.',
  ],
  validate: safeParseApplyArguments,
});

/**
 * The `devflow.operation-probe` contract: the probe sent with `dev_flow_get_task` after an uncertain apply.
 */
export const operationProbeContract = defineContract({
  id: 'devflow.operation-probe',
  version: '0.2',
  title: 'Dev Flow operation_probe',
  description:
    'The closed probe sent with dev_flow_get_task after an uncertain apply, built only from the retained original request.',
  delivery: 'payload',
  schema: OperationProbeSchema,
  examples: [
    { name: 'payload-retained', value: plainRequirementsProbe },
    { name: 'payload-not-retained', value: plainRequirementsProbeWithoutPayload },
  ],
  rules: [
    'operation_id is the original apply request_id and expected_revision the original Action revision.',
    'payload is the exact original payload, or null when it was not completely retained.',
    'When any identity value is missing, send no probe at all.',
  ],
  validate: safeParseOperationProbe,
});

/** The `devflow.*-payload` contracts, one per work node's Action payload. */
export const nodePayloadContracts = [
  nodePayloadContract(
    'REQUIREMENTS',
    'requirements',
    'Dev Flow REQUIREMENTS payload',
    NODE_PAYLOAD_SCHEMAS.REQUIREMENTS,
    [{ name: 'requirements_ready', value: requirementsReady }],
    'The bounded, testable requirements baseline.',
  ),
  nodePayloadContract(
    'DESIGN',
    'design',
    'Dev Flow DESIGN payload',
    NODE_PAYLOAD_SCHEMAS.DESIGN,
    [{ name: 'design_ready', value: designReady }],
    'The design baseline (only on design_ready) or the requirement gap found.',
  ),
  nodePayloadContract(
    'TASKS',
    'tasks',
    'Dev Flow TASKS payload',
    NODE_PAYLOAD_SCHEMAS.TASKS,
    [{ name: 'tasks_ready', value: tasksReady }],
    'The task plan (only on tasks_ready) or the gap found.',
  ),
  nodePayloadContract(
    'IMPLEMENT',
    'implement',
    'Dev Flow IMPLEMENT payload',
    NODE_PAYLOAD_SCHEMAS.IMPLEMENT,
    [{ name: 'implementation_ready_for_test', value: implementationReadyForTest }],
    'The implementation report: completed work items and the changed surface.',
  ),
  nodePayloadContract(
    'TEST',
    'test',
    'Dev Flow TEST payload',
    NODE_PAYLOAD_SCHEMAS.TEST,
    [
      { name: 'tests_passed', value: testsPassedInitial },
      { name: 'tests_passed_after_refactor', value: testsPassedAfterRefactor },
    ],
    'The checks actually run, labelled by source, within the verification budget.',
  ),
  nodePayloadContract(
    'COMPREHENSION_REVIEW',
    'comprehension-review',
    'Dev Flow COMPREHENSION_REVIEW payload',
    NODE_PAYLOAD_SCHEMAS.COMPREHENSION_REVIEW,
    [
      { name: 'code_too_complex', value: codeTooComplex },
      { name: 'comprehension_passed', value: comprehensionPassed },
    ],
    "The comprehension review and the developer's own verdict.",
  ),
  nodePayloadContract(
    'REFACTOR',
    'refactor',
    'Dev Flow REFACTOR payload',
    NODE_PAYLOAD_SCHEMAS.REFACTOR,
    [{ name: 'refactor_ready_for_test', value: refactorReadyForTest }],
    'The simplifications made and the changed surface.',
  ),
  nodePayloadContract(
    'DELIVERY',
    'delivery',
    'Dev Flow DELIVERY payload',
    NODE_PAYLOAD_SCHEMAS.DELIVERY,
    [{ name: 'delivery_complete', value: deliveryComplete }],
    'The reconciliation of acceptance, evidence, records and risks.',
  ),
  nodePayloadContract(
    'BLOCKED',
    'resolve-blocker',
    'Dev Flow RESOLVE_BLOCKER payload',
    BlockerResolutionPayloadSchema,
    [
      {
        name: 'restore_issuance_binding',
        description: 'Built from the Contract 0.2 shape; upstream ships no fixture.',
        value: restoreIssuanceBinding,
      },
    ],
    'The resolution of a blocker whose condition is restoring the issuance binding.',
  ),
] as const;

/** Every contract of the devflow family, for registries. */
export const devflowContractList: readonly AnyContract[] = [
  newTaskContract,
  applyArgumentsContract,
  operationProbeContract,
  ...nodePayloadContracts,
];
