import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createOperationProbe, safeParseOperationProbe } from '../../src/devflow/operation-probe.js';
import { adviseRecovery } from '../../src/devflow/recovery-advice.js';
import {
  bindRecoveryAssessment,
  RECOVERY_ADVICE,
  RECOVERY_CLASSIFICATIONS,
  safeParseRecoveryAssessment,
} from '../../src/devflow/recovery-assessment.js';
import { argumentsFile } from './_cases.js';

const retained = argumentsFile.apply_mapping_case.expected_apply_arguments;

function assessment(overrides: Record<string, unknown> = {}) {
  return {
    classification: 'not_started',
    operation: {
      operation_id: retained.request_id,
      process: {
        process_id: 'standard-development',
        process_definition_digest: retained.process_definition_digest,
      },
      source_cursor: 'REQUIREMENTS',
      expected_revision: 1,
      action_id: retained.action_id,
      action_kind: retained.action_kind,
      repository_binding_digest: retained.repository_binding_digest,
    },
    task_revision: 1,
    current_action_id: retained.action_id,
    issuance_binding_digest: retained.repository_binding_digest,
    authoritative_binding_digest: retained.repository_binding_digest,
    observed_binding_digest: retained.repository_binding_digest,
    repository_relation: 'exact',
    last_operation_relation: 'unrelated',
    operation_evidence: 'none',
    operation_payload_digest: null,
    committed_proof: null,
    action_retry_safe: true,
    next_advice: 'retry_current_action',
    unblock_condition: null,
    observed_at: '2026-08-19T00:01:00Z',
    ...overrides,
  };
}

describe('createOperationProbe', () => {
  it.each([
    'request_id',
    'task_id',
    'process_id',
    'process_version',
    'process_definition_digest',
    'source_cursor',
    'revision',
    'action_id',
    'action_kind',
    'repository_binding_digest',
  ])('refuses to build any probe without %s', (field) => {
    const { [field]: _missing, ...partial } = retained as Record<string, unknown>;
    const result = createOperationProbe(partial);
    expect(result).toMatchObject({
      success: false,
      error: { code: 'probe_identity_missing', details: { missing: [field] } },
    });
  });

  it('refuses malformed retained identity instead of repairing it', () => {
    expect(createOperationProbe({ ...retained, revision: '1' })).toMatchObject({
      success: false,
      error: { code: 'probe_identity_invalid' },
    });
    expect(createOperationProbe({ ...retained, process_version: 2 }).success).toBe(false);
  });

  it('sends payload null for a payload that is not a complete object', () => {
    for (const payload of [undefined, null, '{"transition_id":', 42, ['x']]) {
      const result = createOperationProbe({ ...retained, payload });
      expect(result.success && result.data.payload).toBeNull();
    }
  });

  it('produces a probe that validates as the closed operation_probe', () => {
    const probe = createOperationProbe(retained);
    expect(probe.success).toBe(true);
    if (probe.success) expect(safeParseOperationProbe(probe.data).success).toBe(true);
    expect(
      safeParseOperationProbe({ ...(probe.success ? probe.data : {}), payload_digest: 'x' }).success,
    ).toBe(false);
  });
});

describe('recovery_assessment', () => {
  it('accepts a complete assessment and reads it from a get_task result', () => {
    expect(safeParseRecoveryAssessment(assessment()).success).toBe(true);
    expect(bindRecoveryAssessment({ task: {}, recovery_assessment: assessment() }).success).toBe(true);
  });

  it('reports an absent assessment distinctly', () => {
    expect(bindRecoveryAssessment({ task: {} })).toMatchObject({
      success: false,
      error: { code: 'recovery_assessment_missing' },
    });
  });

  it.each(['next_advice', 'observed_at', 'operation', 'action_retry_safe', 'classification'])(
    'stops on an assessment without %s',
    (field) => {
      const { [field]: _missing, ...truncated } = assessment() as Record<string, unknown>;
      expect(safeParseRecoveryAssessment(truncated)).toMatchObject({
        success: false,
        error: { code: 'recovery_assessment_invalid' },
      });
    },
  );

  it('accepts a committed proof and an unblock condition when present', () => {
    const complete = assessment({
      committed_proof: {
        operation_id: retained.request_id,
        kind: 'apply_action',
        action_id: retained.action_id,
        from_revision: 1,
        to_revision: 2,
        payload_digest: 'd'.repeat(64),
        committed_at: '2026-08-19T00:00:30Z',
      },
      unblock_condition: { kind: 'restore_issuance_binding', expected_binding_digest: 'a'.repeat(64) },
    });
    expect(safeParseRecoveryAssessment(complete).success).toBe(true);
  });
});

describe('adviseRecovery', () => {
  it.each([
    ['read_next_action', { step: 'read_next_action', task_id: retained.task_id }],
    ['resolve_blocker', { step: 'resolve_blocker', task_id: retained.task_id, unblock_condition: null }],
    ['stop_for_repository_drift', { step: 'stop', reason: 'stop_for_repository_drift' }],
  ] as const)('%s -> %j', (advice, expected) => {
    const result = adviseRecovery(assessment({ next_advice: advice }), retained);
    expect(result.success).toBe(true);
    if (result.success) expect(result.data).toMatchObject(expected);
  });

  it('retries the exact original request only when Core says it is safe and the Action is unchanged', () => {
    expect(adviseRecovery(assessment(), retained)).toEqual({
      success: true,
      data: { step: 'retry_current_action', arguments: retained },
    });
    const unsafe = adviseRecovery(assessment({ action_retry_safe: false }), retained);
    expect(unsafe.success && unsafe.data).toMatchObject({ step: 'stop', reason: 'retry_not_safe' });
    const moved = adviseRecovery(assessment({ current_action_id: 'action-next' }), retained);
    expect(moved.success && moved.data).toMatchObject({ step: 'stop', reason: 'retry_not_safe' });
  });

  it('cannot resend without the retained payload', () => {
    const { payload: _payload, ...withoutPayload } = retained;
    for (const advice of ['retry_current_action', 'submit_recovery_apply']) {
      const result = adviseRecovery(assessment({ next_advice: advice }), withoutPayload);
      expect(result.success && result.data).toMatchObject({ step: 'stop', reason: 'payload_not_retained' });
    }
  });

  it('stops on an assessment about another operation', () => {
    for (const change of [
      { operation_id: 'request-other' },
      { expected_revision: 2 },
      { action_id: 'other' },
      { source_cursor: 'DESIGN' },
    ]) {
      const foreign = assessment({ operation: { ...assessment().operation, ...change } });
      expect(adviseRecovery(foreign, retained)).toMatchObject({
        success: false,
        error: { code: 'recovery_assessment_foreign' },
      });
    }
  });

  it('never branches on classification: the step depends on next_advice alone', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RECOVERY_ADVICE),
        fc.constantFrom(...RECOVERY_CLASSIFICATIONS),
        fc.constantFrom(...RECOVERY_CLASSIFICATIONS),
        fc.boolean(),
        (advice, first, second, retrySafe) => {
          const a = adviseRecovery(
            assessment({ next_advice: advice, classification: first, action_retry_safe: retrySafe }),
            retained,
          );
          const b = adviseRecovery(
            assessment({ next_advice: advice, classification: second, action_retry_safe: retrySafe }),
            retained,
          );
          expect(a).toEqual(b);
        },
      ),
    );
  });

  it('refuses an unusable retained request', () => {
    expect(adviseRecovery(assessment(), { ...retained, host: 'vim' })).toMatchObject({
      success: false,
      error: { code: 'probe_identity_invalid' },
    });
    expect(adviseRecovery(assessment(), {})).toMatchObject({
      success: false,
      error: { code: 'probe_identity_missing' },
    });
  });
});
