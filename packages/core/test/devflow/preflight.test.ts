import { describe, expect, it } from 'vitest';
import { createApplyArguments } from '../../src/devflow/apply-arguments.js';
import { preflightApply, preflightApplyArguments, preflightApplyText } from '../../src/devflow/preflight.js';
import { type JsonDraft, standardAction, validPayload } from './_cases.js';

function outcome(result: { success: boolean; error?: { code: string; details: Record<string, unknown> } }) {
  return result.success ? 'ok' : `${result.error!.code}/${String(result.error!.details.rule)}`;
}

describe('preflightApply follows Core order', () => {
  const design = standardAction('DESIGN');

  it('reports the decode failure before a wrong transition', () => {
    const payload = { ...validPayload('valid-design_ready'), transition_id: 'delivery_complete', extra: 1 };
    expect(outcome(preflightApply(design, payload))).toBe('INVALID_ARGUMENT/unknown_member');
  });

  it('reports the undeclared transition before a bad summary', () => {
    const payload = {
      ...validPayload('valid-design_ready'),
      transition_id: 'delivery_complete',
      summary: ' x ',
    };
    expect(outcome(preflightApply(design, payload))).toBe('TRANSITION_NOT_ALLOWED/transition_not_declared');
  });

  it('reports a problem class mismatch before a bad summary and bad method evidence', () => {
    const payload = validPayload('valid-design_ready');
    payload.node_result.problem_class = 'requirement_gap';
    payload.node_result.findings = ['gap'];
    payload.summary = ' x ';
    payload.method_evidence = [];
    expect(outcome(preflightApply(design, payload))).toBe('TRANSITION_NOT_ALLOWED/problem_class_mismatch');
  });

  it('reports a bad summary before method evidence problems', () => {
    const payload = { ...validPayload('valid-design_ready'), summary: '', method_evidence: [] };
    expect(outcome(preflightApply(design, payload))).toBe('INVALID_ARGUMENT/text_empty');
  });

  it('reports an unknown step (INVALID_ARGUMENT) before a count mismatch', () => {
    const payload = validPayload('valid-design_ready');
    payload.method_evidence = [{ ...payload.method_evidence[0], step_id: 'test.run_budgeted_checks' }];
    expect(outcome(preflightApply(design, payload))).toBe('INVALID_ARGUMENT/method_step_unknown');
  });

  it('reports a duplicated step as INVALID_ARGUMENT', () => {
    const payload = validPayload('valid-design_ready');
    payload.method_evidence[1] = payload.method_evidence[0];
    expect(outcome(preflightApply(design, payload))).toBe('INVALID_ARGUMENT/method_step_duplicate');
  });

  it('reports method evidence before node-specific rules', () => {
    const payload = validPayload('valid-design_ready');
    payload.method_evidence[2].status = 'unavailable';
    payload.node_result.baseline = null;
    expect(outcome(preflightApply(design, payload))).toBe('TRANSITION_NOT_ALLOWED/required_step_unsatisfied');
  });

  it('lets an optional step stay unavailable', () => {
    const action = standardAction('DESIGN');
    (action.method_steps as { required: boolean }[])[2]!.required = false;
    const payload = validPayload('valid-design_ready');
    payload.method_evidence[2].status = 'unavailable';
    expect(outcome(preflightApply(action, payload))).toBe('ok');
  });

  it.each([
    ['none with findings', 'none', ['x'], 'TRANSITION_NOT_ALLOWED/findings_with_none'],
    ['a gap without findings', 'requirement_gap', [], 'TRANSITION_NOT_ALLOWED/findings_missing'],
  ] as const)('refuses %s', (_name, problemClass, findings, expected) => {
    const payload = validPayload('valid-design_ready');
    payload.node_result.problem_class = problemClass;
    payload.node_result.findings = findings;
    if (problemClass !== 'none') {
      payload.transition_id = 'design_requires_requirements';
      payload.reason = 'The acceptance is ambiguous.';
      payload.node_result.baseline = null;
    }
    expect(outcome(preflightApply(design, payload))).toBe(expected);
  });

  it('accepts a reasoned non-ready DESIGN payload with a null baseline', () => {
    const payload = validPayload('valid-design_ready');
    Object.assign(payload, {
      transition_id: 'design_requires_requirements',
      reason: 'The acceptance is ambiguous.',
    });
    Object.assign(payload.node_result, {
      problem_class: 'requirement_gap',
      baseline: null,
      findings: ['Acceptance is ambiguous.'],
    });
    expect(outcome(preflightApply(design, payload))).toBe('ok');
    payload.reason = '';
    expect(outcome(preflightApply(design, payload))).toBe('INVALID_ARGUMENT/reason_required');
  });
});

describe('preflightApply on the Action itself', () => {
  const payload = validPayload('valid-requirements_ready');

  it('refuses another process (PROCESS_UNSUPPORTED)', () => {
    expect(outcome(preflightApply(standardAction('REQUIREMENTS', { process_version: 2 }), payload))).toBe(
      'PROCESS_UNSUPPORTED/process_unsupported',
    );
    const digest = { processDefinitionDigest: 'f'.repeat(64) };
    expect(outcome(preflightApply(standardAction('REQUIREMENTS'), payload, digest))).toBe(
      'PROCESS_UNSUPPORTED/process_unsupported',
    );
  });

  it('stops on a payload contract that disagrees with the packaged one', () => {
    const action = standardAction('REQUIREMENTS', { payload_contract: 'requirements-result@2' });
    expect(outcome(preflightApply(action, payload))).toBe(
      'payload_contract_mismatch/payload_contract_mismatch',
    );
    const wrongKind = standardAction('REQUIREMENTS', { action_kind: 'COMPLETE_DESIGN' });
    expect(outcome(preflightApply(wrongKind, payload))).toBe(
      'payload_contract_mismatch/payload_contract_mismatch',
    );
  });

  it('refuses an Action at a terminal node', () => {
    expect(outcome(preflightApply(standardAction('REQUIREMENTS', { current_node: 'DONE' }), payload))).toBe(
      'TASK_TERMINAL/terminal_node',
    );
  });

  it('refuses an incomplete Action before looking at the payload', () => {
    const { guidance: _guidance, ...incomplete } = standardAction('REQUIREMENTS');
    expect(outcome(preflightApply(incomplete, payload))).toBe('action_invalid/missing_member');
  });

  it('uses the transitions the Action offers, not only the process graph', () => {
    const action = standardAction('DESIGN', { available_transitions: [] });
    expect(outcome(preflightApply(action, validPayload('valid-design_ready')))).toBe(
      'TRANSITION_NOT_ALLOWED/transition_not_declared',
    );
  });
});

describe('preflightApply limits', () => {
  const action = standardAction('REQUIREMENTS');

  it('names the payload byte limit', () => {
    const payload = validPayload('valid-requirements_ready');
    payload.node_result.baseline.assumptions = Array.from(
      { length: 64 },
      (_, i) => `${i}${'a'.repeat(2040)}`,
    );
    const result = preflightApply(action, payload);
    expect(result).toMatchObject({
      success: false,
      error: {
        code: 'INVALID_ARGUMENT',
        details: { rule: 'too_large', limit: 'MAX_ACTION_PAYLOAD_BYTES', max: 131_072 },
      },
    });
  });

  it.each([
    [
      'summary over 2048 bytes',
      (p: JsonDraft) => (p.summary = 'é'.repeat(1025)),
      'MAX_EVIDENCE_SUMMARY_BYTES',
    ],
    [
      'more than 16 artifacts',
      (p: JsonDraft) =>
        (p.artifacts = Array(17).fill({
          role: 'design',
          path: 'a.md',
          digest: 'a'.repeat(64),
          summary: 's',
        })),
      'MAX_ARTIFACT_REFERENCES_PER_ACTION',
    ],
    [
      'more than 16 method evidence items',
      (p: JsonDraft) => (p.method_evidence = Array(17).fill(p.method_evidence[0])),
      'MAX_METHOD_EVIDENCE_PER_ACTION',
    ],
    [
      'more than 64 list items',
      (p: JsonDraft) => (p.node_result.baseline.scope = Array.from({ length: 65 }, (_, i) => `s${i}`)),
      'MAX_BOUNDED_STRING_LIST_ITEMS',
    ],
    [
      'a goal over 8192 bytes',
      (p: JsonDraft) => (p.node_result.baseline.goal = 'g'.repeat(8193)),
      'MAX_GOAL_BYTES',
    ],
  ] as const)('names the limit for %s', (_name, mutate, limit) => {
    const payload = validPayload('valid-requirements_ready');
    mutate(payload);
    const result = preflightApply(action, payload);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.code).toBe('INVALID_ARGUMENT');
    expect(result.error.details.limit).toBe(limit);
    expect(result.error.message).toContain(limit);
  });

  it('refuses text with a lone surrogate (not encodable as UTF-8) and accepts CRLF inside text', () => {
    const payload = validPayload('valid-requirements_ready');
    payload.summary = 'Bounded \ud800 requirement.';
    expect(outcome(preflightApply(action, payload))).toBe('INVALID_ARGUMENT/text_not_utf8');
    payload.summary = 'Bounded\r\nrequirement.';
    expect(outcome(preflightApply(action, payload))).toBe('ok');
  });

  it('names the command-count limit of a check', () => {
    const payload = validPayload('valid-tests_passed_initial');
    payload.node_result.checks[0].command_count = 21;
    const result = preflightApply(standardAction('TEST'), payload);
    expect(result).toMatchObject({
      success: false,
      error: { details: { limit: 'MAX_AUTOMATIC_VERIFICATION_COMMANDS', max: 20, actual: 21 } },
    });
  });
});

describe('preflightApplyText', () => {
  const action = standardAction('REQUIREMENTS');
  const text = JSON.stringify(validPayload('valid-requirements_ready'));

  it('accepts the same payload as text', () => {
    expect(outcome(preflightApplyText(action, text))).toBe('ok');
  });

  it('refuses a duplicate member anywhere in the payload text', () => {
    const duplicated = text.replace(
      '"problem_class":"none"',
      '"problem_class":"none","problem_class":"none"',
    );
    expect(outcome(preflightApplyText(action, duplicated))).toBe('INVALID_ARGUMENT/duplicate_member');
  });

  it('checks the Action before decoding the text', () => {
    expect(outcome(preflightApplyText(standardAction('REQUIREMENTS', { process_id: 'other' }), '{'))).toBe(
      'PROCESS_UNSUPPORTED/process_unsupported',
    );
  });

  it('refuses a JSON string payload (a stringified object is not an object)', () => {
    expect(outcome(preflightApplyText(action, JSON.stringify(text)))).toBe(
      'INVALID_ARGUMENT/payload_not_object',
    );
  });
});

describe('preflightApplyArguments', () => {
  const action = standardAction('REQUIREMENTS');
  const built = createApplyArguments({
    action,
    payload: validPayload('valid-requirements_ready'),
    requestId: 'req-1',
  });
  if (!built.success) throw built.error;
  const args = built.data;

  it.each([
    ['revision', { revision: 2 }, 'REVISION_CONFLICT/revision_mismatch'],
    [
      'process digest',
      { process_definition_digest: 'b'.repeat(64) },
      'PROCESS_UNSUPPORTED/process_definition_digest_mismatch',
    ],
    ['source cursor', { source_cursor: 'DESIGN' }, 'ACTION_STALE/source_cursor_mismatch'],
    ['action id', { action_id: 'action-old' }, 'ACTION_STALE/action_id_mismatch'],
    ['action kind', { action_kind: 'COMPLETE_DESIGN' }, 'ACTION_STALE/action_kind_mismatch'],
    [
      'binding digest',
      { repository_binding_digest: 'c'.repeat(64) },
      'ACTION_STALE/repository_binding_digest_mismatch',
    ],
    ['task id', { task_id: 'task-other' }, 'ACTION_STALE/task_id_mismatch'],
    ['revision as a string', { revision: '3' }, 'INVALID_ARGUMENT/wrong_type'],
    ['a destination', { destination: 'DESIGN' }, 'INVALID_ARGUMENT/unknown_member'],
    [
      'an outer payload wrapper',
      { payload: { payload: validPayload('valid-requirements_ready') } },
      'INVALID_ARGUMENT/missing_member',
    ],
    [
      'a string payload',
      { payload: JSON.stringify(validPayload('valid-requirements_ready')) },
      'INVALID_ARGUMENT/payload_not_object',
    ],
    ['a null payload without recovery_apply', { payload: null }, 'INVALID_ARGUMENT/payload_required'],
  ] as const)('a mismatched %s is refused with the Core code', (_name, change, expected) => {
    expect(outcome(preflightApplyArguments(action, { ...args, ...change }))).toBe(expected);
  });

  it('checks the revision before the process and the process before staleness', () => {
    const all = { ...args, revision: 9, process_version: 2, action_id: 'old' };
    expect(outcome(preflightApplyArguments(action, all))).toBe('REVISION_CONFLICT/revision_mismatch');
    expect(outcome(preflightApplyArguments(action, { ...all, revision: 3 }))).toBe(
      'PROCESS_UNSUPPORTED/process_version_mismatch',
    );
  });

  it('accepts the mapped arguments, with or without a null recovery_apply', () => {
    expect(outcome(preflightApplyArguments(action, args))).toBe('ok');
    expect(outcome(preflightApplyArguments(action, { ...args, recovery_apply: null }))).toBe('ok');
  });
});
