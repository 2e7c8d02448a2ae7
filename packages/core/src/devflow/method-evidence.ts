import { describeValue } from '../errors.js';
import { fail, ok, type Result } from '../result.js';
import { isJsonObject } from '../text/json-line.js';
import { devflowError } from './_errors.js';
import { isCapabilityId, isSemanticId, textDefect } from './_text.js';
import type { DevflowProtocolError } from './error-codes.js';
import { DEVFLOW_LIMITS } from './limits.js';

/** A method step as the Action returns it (`purpose` is presentation only). */
export interface MethodStepRef {
  readonly step_id: string;
  readonly required: boolean;
}

/** Options of `checkMethodEvidence`: the capabilities visible to the host. */
export interface MethodEvidenceOptions {
  /** Capabilities actually visible to the host; when given, `completed` must name one of them. */
  readonly availableCapabilities?: readonly string[];
}

const STATUSES = new Set(['completed', 'not_run', 'unavailable', 'plain_fallback']);

function syntaxDefect(item: unknown): string | undefined {
  if (!isJsonObject(item)) return 'an object';
  const { step_id, status, capability, summary } = item;
  if (typeof step_id !== 'string' || !isSemanticId(step_id)) return 'a semantic step_id';
  if (typeof status !== 'string' || !STATUSES.has(status))
    return 'status completed|not_run|unavailable|plain_fallback';
  if (typeof summary !== 'string' || textDefect(summary, DEVFLOW_LIMITS.MAX_EVIDENCE_SUMMARY_BYTES)) {
    return 'a trimmed, non-empty summary of at most MAX_EVIDENCE_SUMMARY_BYTES (2048 UTF-8 bytes)';
  }
  if (typeof capability !== 'string' || !isCapabilityId(capability)) return 'a capability id or ""';
  if (status === 'completed' && capability === '') return 'a capability id for status completed';
  if (status === 'plain_fallback' && capability !== '') return 'capability "" for status plain_fallback';
  return undefined;
}

/**
 * Check MethodEvidence against the Action's method steps in Core's order: every item's syntax and step id
 * first (`INVALID_ARGUMENT`), then count, order and required-step satisfaction (`TRANSITION_NOT_ALLOWED`).
 */
export function checkMethodEvidence(
  items: unknown,
  steps: readonly MethodStepRef[],
  options: MethodEvidenceOptions = {},
): Result<void, DevflowProtocolError> {
  if (!Array.isArray(items)) {
    return fail(
      devflowError(
        'INVALID_ARGUMENT',
        'method_evidence_not_array',
        `method_evidence must be an array. Received ${describeValue(items)}.`,
        {
          fieldPath: 'method_evidence',
        },
      ),
    );
  }
  if (items.length > DEVFLOW_LIMITS.MAX_METHOD_EVIDENCE_PER_ACTION) {
    return fail(
      devflowError(
        'INVALID_ARGUMENT',
        'too_many_items',
        `method_evidence exceeds MAX_METHOD_EVIDENCE_PER_ACTION (${DEVFLOW_LIMITS.MAX_METHOD_EVIDENCE_PER_ACTION} items): received ${items.length}.`,
        {
          fieldPath: 'method_evidence',
          limit: 'MAX_METHOD_EVIDENCE_PER_ACTION',
          max: 16,
          actual: items.length,
        },
      ),
    );
  }
  const positions = new Map(steps.map((step, index) => [step.step_id, index]));
  const seen = new Set<string>();
  for (const [index, item] of items.entries()) {
    const fieldPath = `method_evidence[${index}]`;
    const defect = syntaxDefect(item);
    if (defect !== undefined) {
      return fail(
        devflowError(
          'INVALID_ARGUMENT',
          'method_evidence_syntax',
          `${fieldPath} must have ${defect}. Received ${describeValue(item)}.`,
          {
            fieldPath,
          },
        ),
      );
    }
    const stepId = (item as { step_id: string }).step_id;
    if (!positions.has(stepId) || seen.has(stepId)) {
      const problem = seen.has(stepId) ? 'repeats' : 'is not one of';
      return fail(
        devflowError(
          'INVALID_ARGUMENT',
          seen.has(stepId) ? 'method_step_duplicate' : 'method_step_unknown',
          `${fieldPath}.step_id "${stepId}" ${problem} the Action's method steps (${[...positions.keys()].join(', ')}).`,
          { fieldPath: `${fieldPath}.step_id`, stepId },
        ),
      );
    }
    seen.add(stepId);
  }
  if (items.length !== steps.length) {
    return fail(
      devflowError(
        'TRANSITION_NOT_ALLOWED',
        'method_evidence_count',
        `method_evidence must have exactly one item per Action method step: expected ${steps.length}, received ${items.length}.`,
        { fieldPath: 'method_evidence', expected: steps.length, actual: items.length },
      ),
    );
  }
  for (const [index, step] of steps.entries()) {
    const item = items[index] as { step_id: string; status: string; capability: string };
    if (item.step_id !== step.step_id) {
      return fail(
        devflowError(
          'TRANSITION_NOT_ALLOWED',
          'method_evidence_order',
          `method_evidence[${index}] must be step "${step.step_id}" (the Action's order); received "${item.step_id}".`,
          { fieldPath: `method_evidence[${index}].step_id`, expected: step.step_id, actual: item.step_id },
        ),
      );
    }
    if (step.required && item.status !== 'completed' && item.status !== 'plain_fallback') {
      return fail(
        devflowError(
          'TRANSITION_NOT_ALLOWED',
          'required_step_unsatisfied',
          `Required method step "${step.step_id}" is ${item.status}; it must be completed or plain_fallback before any transition.`,
          { fieldPath: `method_evidence[${index}].status`, stepId: step.step_id, status: item.status },
        ),
      );
    }
  }
  const available = options.availableCapabilities;
  for (const [index, item] of (items as { status: string; capability: string }[]).entries()) {
    if (available && item.status === 'completed' && !available.includes(item.capability)) {
      return fail(
        devflowError(
          'capability_not_available',
          'capability_not_available',
          `method_evidence[${index}] claims capability "${item.capability}", which is not among the visible capabilities (${available.join(', ') || 'none'}); record plain_fallback with "" for ordinary work.`,
          { fieldPath: `method_evidence[${index}].capability`, clientOnly: true },
        ),
      );
    }
  }
  return ok(undefined);
}
