import { describeValue } from '../errors.js';
import { fail, ok, type Result } from '../result.js';
import { isJsonObject } from '../text/json-line.js';
import { devflowError, errorFromIssues, isStructuralIssue } from './_errors.js';
import { utf8ByteLength } from './_text.js';
import type { DevflowProtocolError } from './error-codes.js';
import { DEVFLOW_LIMITS } from './limits.js';
import { checkMethodEvidence, type MethodStepRef } from './method-evidence.js';
import { type ActionPayload, NODE_PAYLOAD_SCHEMAS } from './node-payloads.js';
import { BlockerResolutionPayloadSchema } from './node-results.js';
import { checkNodeRules } from './node-rules.js';
import {
  findNode,
  findTransition,
  type ProcessDefinition,
  problemClassesForNode,
  STANDARD_PROCESS,
  type TransitionDefinition,
} from './process.js';
import type { WorkNodeId } from './vocabulary.js';

/** What a payload is checked against: the current node, its method steps and the transitions on offer. */
export interface PayloadContext {
  readonly node: string;
  readonly methodSteps: readonly MethodStepRef[];
  readonly transitions: readonly { readonly transition_id: string; readonly reason_required: boolean }[];
  readonly process?: ProcessDefinition;
  /** Capabilities visible to the host; `completed` evidence must name one (a client-side admission rule). */
  readonly availableCapabilities?: readonly string[];
}

/** A payload that passed the checks against its Action: the node, the selected transition and the payload. */
export interface CheckedPayload {
  readonly node: string;
  /** The selected transition as the process defines it (absent for `RESOLVE_BLOCKER`). */
  readonly transition?: TransitionDefinition;
  readonly payload: ActionPayload;
}

/** The context of the standard Action at `node` (its method steps and every outgoing transition). */
export function standardPayloadContext(
  node: string,
  process: ProcessDefinition = STANDARD_PROCESS,
): PayloadContext {
  const definition = findNode(node, process);
  return {
    node,
    process,
    methodSteps: definition?.method_steps ?? [],
    transitions: (definition?.transitions ?? []).flatMap((id) => {
      const transition = findTransition(id, process);
      return transition ? [transition] : [];
    }),
  };
}

function payloadBytes(value: unknown): number | undefined {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : utf8ByteLength(text);
  } catch {
    return undefined;
  }
}

type Issue = { path: PropertyKey[]; code: string };
const underField = (issue: Issue, field: string) => issue.path[0] === field;
type Offered = PayloadContext['transitions'][number];

/** The payload must be one JSON object within the byte limit before anything else is read. */
function containerDefect(value: unknown): DevflowProtocolError | undefined {
  if (!isJsonObject(value)) {
    return devflowError(
      'INVALID_ARGUMENT',
      'payload_not_object',
      `The payload must be a JSON object (never a string or an outer wrapper). Received ${describeValue(value)}.`,
      { fieldPath: 'payload' },
    );
  }
  const size = payloadBytes(value);
  if (size === undefined) {
    return devflowError(
      'INVALID_ARGUMENT',
      'payload_not_json',
      'The payload cannot be encoded as JSON (cyclic or too deeply nested).',
      {
        fieldPath: 'payload',
      },
    );
  }
  const max = DEVFLOW_LIMITS.MAX_ACTION_PAYLOAD_BYTES;
  if (size <= max) return undefined;
  return devflowError(
    'INVALID_ARGUMENT',
    'too_large',
    `The payload exceeds MAX_ACTION_PAYLOAD_BYTES (${max} UTF-8 bytes): received ${size} bytes.`,
    { fieldPath: 'payload', limit: 'MAX_ACTION_PAYLOAD_BYTES', max, actual: size },
  );
}

/** Problem class first against the node's class set, then against the transition and the findings. */
function problemClassDefect(
  node: WorkNodeId,
  transition: TransitionDefinition,
  nodeResult: Record<string, unknown>,
  process: ProcessDefinition,
): DevflowProtocolError | undefined {
  const problemClass = nodeResult.problem_class as string;
  const classes = problemClassesForNode(node, process) as string[];
  if (!classes.includes(problemClass)) {
    return devflowError(
      'INVALID_ARGUMENT',
      'problem_class_invalid_for_node',
      `node_result.problem_class "${problemClass}" is not valid at ${node}; expected one of ${classes.join(', ')}.`,
      { fieldPath: 'node_result.problem_class' },
    );
  }
  const findings = Array.isArray(nodeResult.findings) ? nodeResult.findings : [];
  const defect =
    problemClass !== transition.problem_class
      ? [
          'problem_class_mismatch',
          `${transition.transition_id} requires problem_class "${transition.problem_class}"; received "${problemClass}"`,
        ]
      : problemClass === 'none' && findings.length > 0
        ? ['findings_with_none', 'problem_class "none" requires empty findings']
        : problemClass !== 'none' && findings.length === 0
          ? ['findings_missing', `problem_class "${problemClass}" requires at least one finding`]
          : undefined;
  return defect
    ? devflowError('TRANSITION_NOT_ALLOWED', defect[0]!, `${defect[1]}.`, {
        fieldPath: 'node_result.problem_class',
      })
    : undefined;
}

function reasonDefect(offered: Offered, reason: string): DevflowProtocolError | undefined {
  if (offered.reason_required === (reason !== '')) return undefined;
  return devflowError(
    'INVALID_ARGUMENT',
    offered.reason_required ? 'reason_required' : 'reason_not_allowed',
    offered.reason_required
      ? `${offered.transition_id} requires a non-empty reason.`
      : `reason must be exactly "" for ${offered.transition_id} (reason_required is false); received ${describeValue(reason)}.`,
    { fieldPath: 'reason' },
  );
}

/**
 * Check a decoded payload in Dev Flow Core's order (`internal/application/apply_action.go`): closed shape,
 * declared transition, problem class, summary/reason/artifacts, method evidence, node-specific rules. The
 * error's `code` is the Core code the request would receive; `details.rule` names the failed rule.
 */
export function checkActionPayload(
  context: PayloadContext,
  value: unknown,
): Result<CheckedPayload, DevflowProtocolError> {
  const process = context.process ?? STANDARD_PROCESS;
  const container = containerDefect(value);
  if (container) return fail(container);
  if (context.node === 'BLOCKED') {
    const parsed = BlockerResolutionPayloadSchema.safeParse(value);
    return parsed.success
      ? ok({ node: context.node, payload: parsed.data })
      : fail(
          errorFromIssues(
            'INVALID_ARGUMENT',
            'The blocker-resolution payload is invalid',
            parsed.error.issues,
            value,
          ),
        );
  }
  if (!Object.hasOwn(NODE_PAYLOAD_SCHEMAS, context.node)) {
    return fail(
      devflowError(
        'INVALID_ARGUMENT',
        'node_without_payload',
        `Node ${describeValue(context.node)} takes no payload.`,
        {
          fieldPath: 'payload',
        },
      ),
    );
  }
  const node = context.node as WorkNodeId;
  const parsed = NODE_PAYLOAD_SCHEMAS[node].safeParse(value);
  const issues = parsed.success ? [] : parsed.error.issues;
  const invalid = (subject: string, selected: typeof issues) =>
    fail(errorFromIssues('INVALID_ARGUMENT', `The ${node} ${subject}`, selected, value));
  const decodeIssues = issues.filter((issue) => isStructuralIssue(issue, value));
  if (decodeIssues.length > 0) return invalid('payload does not match the closed contract', decodeIssues);

  // From here on every member exists with its JSON type; rules are checked in Core's order.
  const payload = value as {
    transition_id: string;
    reason: string;
    method_evidence: unknown;
    node_result: Record<string, unknown>;
  };
  const offered = context.transitions.find((t) => t.transition_id === payload.transition_id);
  const transition = findTransition(payload.transition_id, process);
  if (!offered || !transition || transition.source !== node) {
    return fail(
      devflowError(
        'TRANSITION_NOT_ALLOWED',
        'transition_not_declared',
        `transition_id "${payload.transition_id}" is not an outgoing transition of ${node}; choose one of: ${context.transitions.map((t) => t.transition_id).join(', ')}.`,
        { fieldPath: 'transition_id', transitionId: payload.transition_id },
      ),
    );
  }
  const classError = problemClassDefect(node, transition, payload.node_result, process);
  if (classError) return fail(classError);
  const envelopeIssues = issues.filter(
    (issue) =>
      underField(issue, 'summary') ||
      underField(issue, 'reason') ||
      underField(issue, 'artifacts') ||
      (underField(issue, 'method_evidence') && issue.path.length === 1),
  );
  if (envelopeIssues.length > 0) return invalid('payload envelope is invalid', envelopeIssues);
  const reasonError = reasonDefect(offered, payload.reason);
  if (reasonError) return fail(reasonError);
  const evidence = checkMethodEvidence(payload.method_evidence, context.methodSteps, {
    ...(context.availableCapabilities ? { availableCapabilities: context.availableCapabilities } : {}),
  });
  if (!evidence.success) return evidence;
  const resultIssues = issues.filter((issue) => !underField(issue, 'method_evidence'));
  if (resultIssues.length > 0) return invalid('node_result is invalid', resultIssues);
  const violation = checkNodeRules(node, transition.transition_id, payload.node_result);
  if (violation) {
    return fail(
      devflowError('INVALID_ARGUMENT', violation.rule, `${violation.message}.`, {
        fieldPath: violation.fieldPath,
      }),
    );
  }
  if (!parsed.success) return invalid('payload is invalid', issues);
  return ok({ node, transition, payload: parsed.data as ActionPayload });
}
