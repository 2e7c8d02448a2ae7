import { describe, expect, it } from 'vitest';
import { createApplyArguments, safeParseApplyArguments } from '../../src/devflow/apply-arguments.js';
import { safeParseNewTask } from '../../src/devflow/new-task.js';
import { createOperationProbe } from '../../src/devflow/operation-probe.js';
import { preflightApplyArguments } from '../../src/devflow/preflight.js';
import { adviseRecovery } from '../../src/devflow/recovery-advice.js';
import { argumentsFile } from './_cases.js';

const mapping = argumentsFile.apply_mapping_case;
const expected = mapping.expected_apply_arguments;

describe('conformance: arguments_cases.json new_task', () => {
  it.each(argumentsFile.new_task_cases.map((c) => [c.id, c] as const))('%s', (_id, testCase) => {
    const result = safeParseNewTask(testCase.new_task);
    expect(result.success).toBe(testCase.expected_valid);
    if (!result.success) expect(result.error.code).toBe('INVALID_ARGUMENT');
    else expect(result.data).toEqual(testCase.new_task);
  });

  it('states the limits the schema enforces', () => {
    expect(argumentsFile.new_task_rules).toContain('max_automatic_commands: integer 0..20');
  });
});

describe('conformance: arguments_cases.json apply mapping', () => {
  const built = createApplyArguments({
    action: mapping.fresh_action,
    payload: expected.payload,
    requestId: 'request-plain-requirements-0001',
  });

  it('maps the fresh Action and payload to exactly the expected arguments, in order', () => {
    expect(built.success).toBe(true);
    if (!built.success) return;
    expect(built.data).toEqual(expected);
    expect(Object.keys(built.data)).toEqual(Object.keys(expected));
    expect(typeof built.data.revision).toBe('number');
    expect(typeof built.data.payload).toBe('object');
    for (const forbidden of ['destination', 'next_node', 'next_cursor', 'recovery_apply']) {
      expect(built.data).not.toHaveProperty(forbidden);
      expect(built.data.payload).not.toHaveProperty(forbidden);
    }
  });

  it.each([
    ['an invalid host', { host: 'vim' }, 'invalid_host'],
    ['a request id with whitespace', { requestId: 'request 1' }, 'invalid_request_id'],
    ['an empty request id', { requestId: '' }, 'invalid_request_id'],
  ] as const)('refuses to map with %s', (_name, change, rule) => {
    const result = createApplyArguments({
      action: mapping.fresh_action,
      payload: expected.payload,
      requestId: 'request-plain-requirements-0001',
      ...change,
    } as never);
    expect(result).toMatchObject({ success: false, error: { code: 'INVALID_ARGUMENT', details: { rule } } });
  });

  it('refuses to map a payload the Core would reject, with the Core code', () => {
    const payload = { ...expected.payload, transition_id: 'design_ready' };
    const result = createApplyArguments({ action: mapping.fresh_action, payload, requestId: 'r-1' });
    expect(result).toMatchObject({ success: false, error: { code: 'TRANSITION_NOT_ALLOWED' } });
  });

  it('the expected arguments pass both stand-alone validation and the pre-flight against the Action', () => {
    expect(safeParseApplyArguments(expected).success).toBe(true);
    expect(preflightApplyArguments(mapping.fresh_action, expected).success).toBe(true);
  });

  it('builds the probe with the exact retained payload, reusing the request id as operation_id', () => {
    expect(createOperationProbe(expected)).toEqual({
      success: true,
      data: mapping.expected_operation_probe_if_uncertain,
    });
  });

  it('builds the probe with payload null when the payload was not retained', () => {
    const { payload: _payload, ...withoutPayload } = expected;
    const probe = createOperationProbe(withoutPayload);
    expect(probe.success).toBe(true);
    if (!probe.success) return;
    expect(probe.data).toEqual(mapping.expected_operation_probe_if_payload_not_retained);
    expect(probe.warnings?.[0]?.code).toBe('payload_not_retained');
  });

  it('adds exactly the expected recovery_apply when Core advises submit_recovery_apply', () => {
    const assessment = {
      classification: 'completed_but_unrecorded',
      operation: {
        operation_id: 'request-plain-requirements-0001',
        source_cursor: 'REQUIREMENTS',
        expected_revision: 1,
        action_id: 'action-requirements-fixture',
        action_kind: 'COMPLETE_REQUIREMENTS',
        repository_binding_digest: expected.repository_binding_digest,
      },
      task_revision: 1,
      current_action_id: 'action-requirements-fixture',
      issuance_binding_digest: expected.repository_binding_digest,
      authoritative_binding_digest: expected.repository_binding_digest,
      observed_binding_digest: 'b'.repeat(64),
      repository_relation: 'worktree_only_changed',
      last_operation_relation: 'unrelated',
      operation_evidence: 'complete',
      operation_payload_digest: 'c'.repeat(64),
      committed_proof: null,
      action_retry_safe: false,
      next_advice: 'submit_recovery_apply',
      unblock_condition: null,
      observed_at: '2026-08-19T00:01:00Z',
    };
    const step = adviseRecovery(assessment, expected);
    expect(step).toEqual({
      success: true,
      data: {
        step: 'submit_recovery_apply',
        arguments: { ...expected, recovery_apply: mapping.expected_recovery_apply_when_advised },
      },
    });
  });

  it('the uncertain-result fixture names a Core domain error with retry_safe false', () => {
    expect(argumentsFile.uncertain_result_fixture.core_response).toMatchObject({
      retry_safe: false,
      action: 'none',
    });
  });
});
