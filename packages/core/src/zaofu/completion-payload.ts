import { z } from 'zod';
import { getOwn, hasOwn, isMapping, type PyMapping, pyStr, pyStrip, pyTruthy } from './_python.js';
import { isCompletionEventType, VERIFY_EVENT_TYPES } from './event-types.js';

/** Completion-payload fields the kernel requires, in the order it reports them. */
export const COMPLETION_REQUIRED_FIELDS = ['summary', 'changed_files', 'tests_run', 'evidence_refs'] as const;
/** A completion-payload field the kernel requires, one of `COMPLETION_REQUIRED_FIELDS`. */
export type CompletionRequiredField = (typeof COMPLETION_REQUIRED_FIELDS)[number];

/** Fields whose absence the kernel records as a warning only. */
export const COMPLETION_WARN_FIELDS = ['residual_risks', 'next_agent_input'] as const;
/** A completion-payload field whose absence is only a warning, one of `COMPLETION_WARN_FIELDS`. */
export type CompletionWarnField = (typeof COMPLETION_WARN_FIELDS)[number];

/** The payload of the non-blocking `task.contract.invalid` audit event the kernel appends. */
export const TaskContractInvalidPayloadSchema = z.strictObject({
  reason: z.literal('completion_payload_contract_violation'),
  source_event_id: z.string(),
  source_event_type: z.string(),
  source_actor: z.string(),
  missing_fields: z.array(z.enum(COMPLETION_REQUIRED_FIELDS)),
  warn_fields: z.array(z.enum(COMPLETION_WARN_FIELDS)),
});
/** The payload of the `task.contract.invalid` audit event the kernel appends. */
export type TaskContractInvalidPayload = z.output<typeof TaskContractInvalidPayloadSchema>;

/** The parts of an event the completion check reads. */
export interface CompletionEventInput {
  readonly type: string;
  readonly payload: unknown;
  readonly id?: string;
  readonly actor?: string | null;
}

/**
 * The kernel's check of a completion payload: the missing and warned fields, and the audit event it appends.
 */
export interface CompletionPayloadReport {
  /** `false` when the orchestrator skips the check (fanout child payloads). */
  readonly evaluated: boolean;
  readonly missing_fields: readonly CompletionRequiredField[];
  readonly warn_fields: readonly CompletionWarnField[];
  /** The `task.contract.invalid` payload the kernel appends, when fields are missing. */
  readonly audit: TaskContractInvalidPayload | null;
}

/** Untrusted events may be anything; read their parts defensively. */
function readEvent(event: CompletionEventInput): {
  type: string;
  payload: unknown;
  id: string;
  actor: string;
} {
  const source: Partial<CompletionEventInput> = isMapping(event) ? event : {};
  return {
    type: typeof source.type === 'string' ? source.type : '',
    payload: source.payload,
    id: typeof source.id === 'string' ? source.id : '',
    actor: typeof source.actor === 'string' ? source.actor : '',
  };
}

function payloadMapping(payload: unknown): PyMapping {
  return isMapping(payload) ? payload : {};
}

function isNonEmptyList(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0;
}

/**
 * Product delivery may send `design.critique.done` as a bare approval signal (a verdict plus a `checks` list
 * and none of the completion fields); the kernel exempts it from the completion contract.
 */
export function isDesignApprovalSignal(type: string, payload: unknown): boolean {
  if (type !== 'design.critique.done') return false;
  const body = payloadMapping(payload);
  if (hasOwn(body, 'summary') || hasOwn(body, 'changed_files') || hasOwn(body, 'evidence_refs')) return false;
  const verdictSource = pyTruthy(getOwn(body, 'verdict'))
    ? getOwn(body, 'verdict')
    : getOwn(body, 'recommendation');
  const verdict = pyTruthy(verdictSource) ? pyStrip(pyStr(verdictSource)) : '';
  return verdict !== '' && Array.isArray(getOwn(body, 'checks'));
}

/** The kernel's `validate_completion_payload`: the required fields a completion event lacks, in its order. */
export function findMissingCompletionFields(type: string, payload: unknown): CompletionRequiredField[] {
  if (!isCompletionEventType(type) || isDesignApprovalSignal(type, payload)) return [];
  const body = payloadMapping(payload);
  const missing: CompletionRequiredField[] = [];
  const summary = getOwn(body, 'summary');
  if (typeof summary !== 'string' || pyStrip(summary) === '') missing.push('summary');
  if (!Array.isArray(getOwn(body, 'changed_files'))) missing.push('changed_files');
  const needsTests = (VERIFY_EVENT_TYPES as readonly string[]).includes(type);
  if (needsTests && !isNonEmptyList(getOwn(body, 'tests_run'))) missing.push('tests_run');
  if (!isNonEmptyList(getOwn(body, 'evidence_refs'))) missing.push('evidence_refs');
  return missing;
}

/** The kernel's `warn_completion_payload`: warn fields that are absent, `null`, `''` or `[]` (not trimmed). */
export function findCompletionWarnFields(type: string, payload: unknown): CompletionWarnField[] {
  if (!isCompletionEventType(type) || isDesignApprovalSignal(type, payload)) return [];
  const body = payloadMapping(payload);
  return COMPLETION_WARN_FIELDS.filter((field) => {
    const value = getOwn(body, field);
    if (value === undefined || value === null) return true;
    return (typeof value === 'string' || Array.isArray(value)) && value.length === 0;
  });
}

/**
 * Whether the orchestrator skips the completion check: fanout child payloads (`fanout_id` plus `child_id`,
 * or a `fanout.synth.completed` event, or the `zf-cli` actor). `zf-cli` without `fanout_id` is checked.
 */
export function isCompletionCheckSkipped(event: CompletionEventInput): boolean {
  const { type, payload, actor } = readEvent(event);
  const body = payloadMapping(payload);
  if (!pyTruthy(getOwn(body, 'fanout_id'))) return false;
  return pyTruthy(getOwn(body, 'child_id')) || type === 'fanout.synth.completed' || actor === 'zf-cli';
}

/** The kernel's `build_invalid_event_payload`. */
export function buildContractInvalidPayload(
  event: CompletionEventInput,
  missing: readonly CompletionRequiredField[],
  warnings: readonly CompletionWarnField[] = [],
): TaskContractInvalidPayload {
  const { id, type, actor } = readEvent(event);
  return {
    reason: 'completion_payload_contract_violation',
    source_event_id: id,
    source_event_type: type,
    source_actor: actor,
    missing_fields: [...missing],
    warn_fields: [...warnings],
  };
}

/** Everything the kernel decides about one completion event: missing fields, warn fields and the audit. */
export function checkCompletionPayload(event: CompletionEventInput): CompletionPayloadReport {
  if (isCompletionCheckSkipped(event)) {
    return { evaluated: false, missing_fields: [], warn_fields: [], audit: null };
  }
  const { type, payload } = readEvent(event);
  const missing = findMissingCompletionFields(type, payload);
  const warnings = findCompletionWarnFields(type, payload);
  return {
    evaluated: true,
    missing_fields: missing,
    warn_fields: warnings,
    audit: missing.length > 0 ? buildContractInvalidPayload(event, missing, warnings) : null,
  };
}
