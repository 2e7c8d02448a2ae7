import { fail, ok, type Result } from '../result.js';
import { isJsonObject } from '../text/json-line.js';
import { devflowError } from './_errors.js';
import type { ApplyArguments } from './apply-arguments.js';
import type { DevflowProtocolError } from './error-codes.js';
import { type RetainedIdentity, readRetainedIdentity } from './operation-probe.js';
import { type RecoveryAssessment, safeParseRecoveryAssessment } from './recovery-assessment.js';
import { HOSTS } from './vocabulary.js';

/** The one step a complete assessment permits; `stop` carries why, in Core's terms. */
export type RecoveryStep =
  | { readonly step: 'retry_current_action'; readonly arguments: ApplyArguments }
  | { readonly step: 'submit_recovery_apply'; readonly arguments: ApplyArguments }
  | { readonly step: 'read_next_action'; readonly task_id: string }
  | { readonly step: 'resolve_blocker'; readonly task_id: string; readonly unblock_condition: unknown }
  | { readonly step: 'stop'; readonly reason: RecoveryStopReason; readonly message: string };

/**
 * Why recovery stops instead of retrying: repository drift, a retry that is not safe, or a payload not
 * retained.
 */
export type RecoveryStopReason = 'stop_for_repository_drift' | 'retry_not_safe' | 'payload_not_retained';

const IDENTITY_MATCH: [keyof RecoveryAssessment['operation'], keyof RetainedIdentity][] = [
  ['operation_id', 'request_id'],
  ['source_cursor', 'source_cursor'],
  ['expected_revision', 'revision'],
  ['action_id', 'action_id'],
  ['action_kind', 'action_kind'],
  ['repository_binding_digest', 'repository_binding_digest'],
];

/** The retained original request, resent byte-for-byte in content (same identity, same payload). */
function originalArguments(identity: RetainedIdentity, retained: Record<string, unknown>): ApplyArguments {
  return {
    request_id: identity.request_id,
    host: (retained.host ?? 'codex') as ApplyArguments['host'],
    task_id: identity.task_id,
    revision: identity.revision,
    action_id: identity.action_id,
    action_kind: identity.action_kind,
    process_id: identity.process_id,
    process_version: identity.process_version,
    process_definition_digest: identity.process_definition_digest,
    source_cursor: identity.source_cursor,
    repository_binding_digest: identity.repository_binding_digest,
    payload: retained.payload as ApplyArguments['payload'],
  };
}

/**
 * Turn a complete `recovery_assessment` into the one permitted next step, from `next_advice` alone (the
 * `classification` is never consulted). `retry_current_action` needs `action_retry_safe` and the same
 * current Action; `submit_recovery_apply` resends the retained request plus `recovery_apply`. An assessment
 * that is malformed or about another operation is an error: stop.
 */
export function adviseRecovery(
  assessmentInput: unknown,
  retained: unknown,
): Result<RecoveryStep, DevflowProtocolError> {
  const assessment = safeParseRecoveryAssessment(assessmentInput);
  if (!assessment.success) return assessment;
  const identity = readRetainedIdentity(retained);
  if (!identity.success) return identity;
  const original = identity.data;
  const operation = assessment.data.operation;
  const foreign = IDENTITY_MATCH.find(([assessed, kept]) => operation[assessed] !== original[kept]);
  if (foreign) {
    return fail(
      devflowError(
        'recovery_assessment_foreign',
        'recovery_assessment_foreign',
        `The recovery_assessment refers to another operation (${foreign[0]} ${String(operation[foreign[0]])} ≠ retained ${String(original[foreign[1]])}); stop.`,
        { fieldPath: `operation.${foreign[0]}` },
      ),
    );
  }
  const source = retained as Record<string, unknown>;
  if (source.host !== undefined && !(HOSTS as readonly unknown[]).includes(source.host)) {
    return fail(
      devflowError(
        'probe_identity_invalid',
        'probe_identity_invalid',
        `The retained host must be one of ${HOSTS.join(', ')}.`,
        {
          fieldPath: 'host',
        },
      ),
    );
  }
  const payloadRetained = isJsonObject(source.payload);
  const stop = (reason: RecoveryStopReason, message: string) =>
    ok<RecoveryStep>({ step: 'stop', reason, message });
  switch (assessment.data.next_advice) {
    case 'retry_current_action':
      if (!assessment.data.action_retry_safe || assessment.data.current_action_id !== original.action_id) {
        return stop(
          'retry_not_safe',
          'Core advised a retry, but action_retry_safe is not true or the current Action is no longer the original one; stop.',
        );
      }
      if (!payloadRetained)
        return stop(
          'payload_not_retained',
          'The original payload was not completely retained; it cannot be resent.',
        );
      return ok({ step: 'retry_current_action', arguments: originalArguments(original, source) });
    case 'submit_recovery_apply':
      if (!payloadRetained)
        return stop(
          'payload_not_retained',
          'The original payload was not completely retained; a recovery apply cannot be built.',
        );
      return ok({
        step: 'submit_recovery_apply',
        arguments: {
          ...originalArguments(original, source),
          recovery_apply: { operation_id: original.request_id, source_cursor: original.source_cursor },
        },
      });
    case 'read_next_action':
      return ok({ step: 'read_next_action', task_id: original.task_id });
    case 'resolve_blocker':
      return ok({
        step: 'resolve_blocker',
        task_id: original.task_id,
        unblock_condition: assessment.data.unblock_condition ?? null,
      });
    case 'stop_for_repository_drift':
      return stop(
        'stop_for_repository_drift',
        'Core reports repository drift for this operation; report the bounded drift condition and stop.',
      );
  }
}
