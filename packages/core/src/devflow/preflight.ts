import { z } from 'zod';
import { describeValue } from '../errors.js';
import { fail, type Result } from '../result.js';
import { devflowError, errorFromIssues } from './_errors.js';
import { type Action, safeParseAction } from './action.js';
import type { DevflowErrorCode, DevflowProtocolError } from './error-codes.js';
import { safeParseJsonText } from './json-text.js';
import type { VerificationBudget } from './new-task.js';
import type { TestPayload } from './node-payloads.js';
import { type CheckedPayload, checkActionPayload } from './payload-check.js';
import { DigestSchema, IdSchema, RevisionSchema } from './primitives.js';
import { findNode, type ProcessDefinition, STANDARD_PROCESS } from './process.js';
import { checkVerificationBudget } from './verification-budget.js';
import { ACTION_KINDS, HOSTS, NODE_IDS } from './vocabulary.js';

/**
 * Options of `preflightApply` and its variants: the process, its definition digest, the visible capabilities
 * and the verification budget.
 */
export interface PreflightOptions {
  /** The process the Action belongs to (default `standard-development@1`). */
  readonly process?: ProcessDefinition;
  /** `definition_digest` from the handshake; an Action with another digest is `PROCESS_UNSUPPORTED`. */
  readonly processDefinitionDigest?: string;
  /** Capabilities visible to the host; `completed` evidence must name one of them. */
  readonly availableCapabilities?: readonly string[];
  /** The task's verification budget (from `new_task` / the Task); when given, TEST results are checked against it. */
  readonly verificationBudget?: VerificationBudget;
  /** Automated commands already recorded for the current task plan, counted against the budget. */
  readonly automaticCommandsUsed?: number;
}

type Checked = Result<CheckedPayload, DevflowProtocolError>;

/** Action-level checks Core makes before decoding the payload; returns the bound Action or a failure. */
function checkAction(input: unknown, options: PreflightOptions): Result<Action, DevflowProtocolError> {
  const bound = safeParseAction(input);
  if (!bound.success) return bound;
  const action = bound.data;
  const process = options.process ?? STANDARD_PROCESS;
  const digest = options.processDefinitionDigest;
  if (
    action.process_id !== process.process_id ||
    action.process_version !== process.process_version ||
    (digest !== undefined && action.process_definition_digest !== digest)
  ) {
    return fail(
      devflowError(
        'PROCESS_UNSUPPORTED',
        'process_unsupported',
        `The Action belongs to ${action.process_id}@${action.process_version} (digest ${action.process_definition_digest}); this client checks ${process.process_id}@${process.process_version}${digest ? ` with digest ${digest}` : ''}.`,
        { fieldPath: 'process_id' },
      ),
    );
  }
  if (process.terminal_nodes.includes(action.current_node)) {
    return fail(
      devflowError(
        'TASK_TERMINAL',
        'terminal_node',
        `The task is at terminal node ${action.current_node}; no Action can be applied.`,
      ),
    );
  }
  const node = findNode(action.current_node, process);
  if (!node || node.action_kind !== action.action_kind || node.payload_contract !== action.payload_contract) {
    return fail(
      devflowError(
        'payload_contract_mismatch',
        'payload_contract_mismatch',
        `The Action's ${action.current_node} / ${action.action_kind} / ${action.payload_contract} does not match the packaged contract (${node ? `${node.action_kind} / ${node.payload_contract}` : 'no such node'}); stop and report the packaging contract defect.`,
        { fieldPath: 'payload_contract', clientOnly: true },
      ),
    );
  }
  return bound;
}

function checkPayloadForAction(action: Action, payload: unknown, options: PreflightOptions): Checked {
  const checked = checkActionPayload(
    {
      node: action.current_node,
      methodSteps: action.method_steps,
      transitions: action.available_transitions,
      process: options.process ?? STANDARD_PROCESS,
      ...(options.availableCapabilities ? { availableCapabilities: options.availableCapabilities } : {}),
    },
    payload,
  );
  const budget = options.verificationBudget;
  if (!checked.success || !budget || action.current_node !== 'TEST') return checked;
  const usage =
    options.automaticCommandsUsed === undefined
      ? {}
      : { automaticCommandsUsed: options.automaticCommandsUsed };
  const exceeded = checkVerificationBudget((checked.data.payload as TestPayload).node_result, budget, usage);
  return exceeded ? fail(exceeded) : checked;
}

/**
 * Check a payload against a fresh Action exactly as far as Dev Flow Core's apply check order can be followed
 * client-side. The failure `code` is the Core code (`INVALID_ARGUMENT`, `TRANSITION_NOT_ALLOWED`,
 * `PROCESS_UNSUPPORTED`, …) or a client-only stop (`action_invalid`, `payload_contract_mismatch`,
 * `capability_not_available`). Never throws.
 */
export function preflightApply(action: unknown, payload: unknown, options: PreflightOptions = {}): Checked {
  const bound = checkAction(action, options);
  return bound.success ? checkPayloadForAction(bound.data, payload, options) : bound;
}

/** `preflightApply` for raw payload JSON text: size, UTF-8 and duplicate members are checked first. */
export function preflightApplyText(
  action: unknown,
  payloadText: unknown,
  options: PreflightOptions = {},
): Checked {
  const bound = checkAction(action, options);
  if (!bound.success) return bound;
  const decoded = safeParseJsonText(payloadText);
  return decoded.success ? checkPayloadForAction(bound.data, decoded.data, options) : decoded;
}

/** The top-level members of `dev_flow_apply_action`, with the payload left to the node check. */
const ApplyArgumentsShapeSchema = z.strictObject({
  request_id: IdSchema,
  host: z.enum(HOSTS),
  task_id: IdSchema,
  revision: RevisionSchema,
  action_id: IdSchema,
  action_kind: z.enum(ACTION_KINDS),
  process_id: IdSchema,
  process_version: RevisionSchema,
  process_definition_digest: DigestSchema,
  source_cursor: z.enum(NODE_IDS),
  repository_binding_digest: DigestSchema,
  payload: z.unknown(),
  recovery_apply: z
    .strictObject({ operation_id: IdSchema, source_cursor: z.enum(NODE_IDS) })
    .nullable()
    .optional(),
});

/**
 * Check complete `dev_flow_apply_action` arguments against the fresh Action they were built from, in Core's
 * order: input shape, task identity, revision (`REVISION_CONFLICT`), process (`PROCESS_UNSUPPORTED`), cursor /
 * action / kind / binding (`ACTION_STALE`), then the payload.
 */
export function preflightApplyArguments(
  action: unknown,
  args: unknown,
  options: PreflightOptions = {},
): Checked {
  const parsed = ApplyArgumentsShapeSchema.safeParse(args);
  if (!parsed.success) {
    return fail(
      errorFromIssues(
        'INVALID_ARGUMENT',
        'The dev_flow_apply_action arguments do not match the closed input',
        parsed.error.issues,
        args,
      ),
    );
  }
  const bound = safeParseAction(action);
  if (!bound.success) return bound;
  const fresh = bound.data;
  const input = parsed.data;
  const mismatch = (code: DevflowErrorCode, field: string, expected: unknown, received: unknown) =>
    fail(
      devflowError(
        code,
        `${field}_mismatch`,
        `${field} must be ${describeValue(expected)} from the fresh Action; received ${describeValue(received)}.`,
        {
          fieldPath: field,
        },
      ),
    );
  if (input.task_id !== fresh.task_id)
    return mismatch('ACTION_STALE', 'task_id', fresh.task_id, input.task_id);
  if (input.revision !== fresh.revision)
    return mismatch('REVISION_CONFLICT', 'revision', fresh.revision, input.revision);
  for (const field of ['process_id', 'process_version', 'process_definition_digest'] as const) {
    if (input[field] !== fresh[field])
      return mismatch('PROCESS_UNSUPPORTED', field, fresh[field], input[field]);
  }
  if (input.source_cursor !== fresh.current_node) {
    return mismatch('ACTION_STALE', 'source_cursor', fresh.current_node, input.source_cursor);
  }
  for (const field of ['action_id', 'action_kind', 'repository_binding_digest'] as const) {
    if (input[field] !== fresh[field]) return mismatch('ACTION_STALE', field, fresh[field], input[field]);
  }
  if (input.payload === null && !input.recovery_apply) {
    return fail(
      devflowError(
        'INVALID_ARGUMENT',
        'payload_required',
        'An ordinary mutation needs the closed payload object; payload null is only for a recovery apply.',
        { fieldPath: 'payload' },
      ),
    );
  }
  const checked = checkAction(fresh, options);
  return checked.success ? checkPayloadForAction(checked.data, input.payload, options) : checked;
}
