import { describe, expect, it } from 'vitest';
import { checkActionPayload, standardPayloadContext } from '../../src/devflow/payload-check.js';
import { type JsonDraft, validPayload } from './_cases.js';

function rule(node: string, payload: unknown) {
  const result = checkActionPayload(standardPayloadContext(node), payload);
  return result.success ? 'ok' : `${result.error.code}/${String(result.error.details.rule)}`;
}

const ready = {
  REQUIREMENTS: 'valid-requirements_ready',
  DESIGN: 'valid-design_ready',
  TASKS: 'valid-tasks_ready',
  IMPLEMENT: 'valid-implementation_ready_for_test',
  TEST: 'valid-tests_passed_initial',
  COMPREHENSION_REVIEW: 'valid-comprehension_passed',
  REFACTOR: 'valid-refactor_ready_for_test',
  DELIVERY: 'valid-delivery_complete',
} as const;

/** Turn a ready payload into a reasoned rework payload for `transition`. */
function rework(node: keyof typeof ready, transition: string, problemClass: string) {
  const payload = validPayload(ready[node]);
  payload.transition_id = transition;
  payload.reason = 'A material gap was found.';
  payload.node_result.problem_class = problemClass;
  payload.node_result.findings = ['A material gap was found.'];
  return payload;
}

describe('node-specific cross-field rules (all INVALID_ARGUMENT)', () => {
  it.each([
    [
      'DESIGN',
      'design_ready',
      (p: JsonDraft) => {
        p.node_result.baseline = null;
      },
    ],
    [
      'TASKS',
      'tasks_ready',
      (p: JsonDraft) => {
        p.node_result.baseline = null;
      },
    ],
  ] as const)('%s: %s needs its baseline', (node, _transition, mutate) => {
    const payload = validPayload(ready[node]);
    mutate(payload);
    expect(rule(node, payload)).toBe('INVALID_ARGUMENT/baseline_presence');
  });

  it.each([
    ['DESIGN', 'design_requires_requirements', 'requirement_gap'],
    ['TASKS', 'tasks_require_design', 'design_gap'],
  ] as const)('%s: %s must not carry a baseline', (node, transition, problemClass) => {
    const payload = rework(node, transition, problemClass);
    expect(rule(node, payload)).toBe('INVALID_ARGUMENT/baseline_presence');
    payload.node_result.baseline = null;
    expect(rule(node, payload)).toBe('ok');
  });

  it.each(['IMPLEMENT', 'REFACTOR'] as const)(
    '%s: exactly one of changed_paths and no_file_changes',
    (node) => {
      const both = validPayload(ready[node]);
      both.node_result.no_file_changes = true;
      expect(rule(node, both)).toBe('INVALID_ARGUMENT/changed_paths_xor_no_file_changes');
      const neither = validPayload(ready[node]);
      neither.node_result.changed_paths = [];
      expect(rule(node, neither)).toBe('INVALID_ARGUMENT/changed_paths_xor_no_file_changes');
      neither.node_result.no_file_changes = true;
      expect(rule(node, neither)).toBe('ok');
    },
  );

  it.each(['../escape.ts', '/abs.ts', 'src\\win.ts', './src/a.ts', 'src//a.ts', 'src/'])(
    'refuses the non-canonical changed path %j',
    (path) => {
      const payload = validPayload(ready.IMPLEMENT);
      payload.node_result.changed_paths = [path];
      expect(rule('IMPLEMENT', payload)).toBe('INVALID_ARGUMENT/invalid_repository_path');
    },
  );

  it('TEST: check names are unique and only automated checks run commands', () => {
    const payload = validPayload(ready.TEST);
    payload.node_result.checks.push({ ...payload.node_result.checks[0] });
    expect(rule('TEST', payload)).toBe('INVALID_ARGUMENT/duplicate_check_name');
    payload.node_result.checks[1] = { ...payload.node_result.checks[0], name: 'manual', source: 'user' };
    expect(rule('TEST', payload)).toBe('INVALID_ARGUMENT/non_automated_commands');
    payload.node_result.checks[1].command_count = 0;
    expect(rule('TEST', payload)).toBe('ok');
    payload.node_result.checks[1].source = 'robot';
    expect(rule('TEST', payload)).toBe('INVALID_ARGUMENT/value_not_allowed');
  });

  it('COMPREHENSION_REVIEW: comprehension_passed needs the user confirmation, from the user', () => {
    const payload = validPayload(ready.COMPREHENSION_REVIEW);
    payload.node_result.user_confirmation = null;
    expect(rule('COMPREHENSION_REVIEW', payload)).toBe('INVALID_ARGUMENT/user_confirmation_required');
    payload.node_result.user_confirmation = {
      source: 'automated',
      status: 'passed',
      summary: 'The agent decided.',
    };
    expect(rule('COMPREHENSION_REVIEW', payload)).toBe('INVALID_ARGUMENT/value_not_allowed');
    payload.node_result.user_confirmation = { source: 'user', status: 'failed', summary: 'No.' };
    expect(rule('COMPREHENSION_REVIEW', payload)).toBe('INVALID_ARGUMENT/value_not_allowed');
  });

  it('COMPREHENSION_REVIEW: implementation_defect routes with the implementation_defect class', () => {
    const payload = rework('COMPREHENSION_REVIEW', 'implementation_defect', 'implementation_defect');
    payload.node_result.user_confirmation = null;
    expect(rule('COMPREHENSION_REVIEW', payload)).toBe('ok');
  });

  it('DELIVERY: delivery_complete needs every criterion satisfied; a rework edge does not', () => {
    const payload = validPayload(ready.DELIVERY);
    payload.node_result.acceptance[1].status = 'unverified';
    expect(rule('DELIVERY', payload)).toBe('INVALID_ARGUMENT/acceptance_unsatisfied');
    const back = rework('DELIVERY', 'delivery_needs_test', 'test_gap');
    back.node_result.acceptance[1].status = 'unverified';
    expect(rule('DELIVERY', back)).toBe('ok');
  });

  it('DELIVERY: record ids may be empty but never malformed', () => {
    const payload = validPayload(ready.DELIVERY);
    payload.node_result.test_record_id = '';
    expect(rule('DELIVERY', payload)).toBe('ok');
    payload.node_result.test_record_id = 'has space';
    expect(rule('DELIVERY', payload)).toBe('INVALID_ARGUMENT/invalid_id');
  });

  it.each([
    ['an unknown dependency', [{ dependencies: ['nope'] }], 'unknown_dependency'],
    ['a self dependency', [{ dependencies: ['implement-proof-writer'] }], 'self_dependency'],
    ['a duplicate work item id', [{}, {}], 'duplicate_work_item_id'],
    [
      'a dependency cycle',
      [
        { work_item_id: 'a', dependencies: ['b'] },
        { work_item_id: 'b', dependencies: ['a'] },
      ],
      'dependency_cycle',
    ],
    ['no verification step', [{ verification_steps: [] }], 'too_few_items'],
    ['a repeated acceptance index', [{ acceptance_indexes: [0, 0] }], 'duplicate_item'],
  ] as const)('TASKS: refuses %s', (_name, changes, expected) => {
    const payload = validPayload(ready.TASKS);
    const template = payload.node_result.baseline.work_items[0];
    payload.node_result.baseline.work_items = changes.map((change) => ({ ...template, ...change }));
    expect(rule('TASKS', payload)).toBe(`INVALID_ARGUMENT/${expected}`);
  });

  it('TASKS: accepts an acyclic dependency chain', () => {
    const payload = validPayload(ready.TASKS);
    const template = payload.node_result.baseline.work_items[0];
    payload.node_result.baseline.work_items = [
      { ...template, work_item_id: 'a', dependencies: [] },
      { ...template, work_item_id: 'b', dependencies: ['a'] },
      { ...template, work_item_id: 'c', dependencies: ['a', 'b'] },
    ];
    expect(rule('TASKS', payload)).toBe('ok');
  });

  it('REQUIREMENTS: unresolved questions must be empty', () => {
    const payload = validPayload(ready.REQUIREMENTS);
    payload.node_result.unresolved_questions = ['Which format?'];
    expect(rule('REQUIREMENTS', payload)).toBe('INVALID_ARGUMENT/too_many_items');
  });
});

describe('RESOLVE_BLOCKER payload', () => {
  const valid = {
    blocker_id: 'blocker-1',
    condition: { kind: 'restore_issuance_binding', expected_binding_digest: 'a'.repeat(64) },
    observed_binding_digest: 'a'.repeat(64),
  };

  it('accepts the closed blocker resolution', () => {
    expect(rule('BLOCKED', valid)).toBe('ok');
  });

  it.each([
    [
      'an unknown condition kind',
      { ...valid, condition: { ...valid.condition, kind: 'other' } },
      'value_not_allowed',
    ],
    ['an uppercase digest', { ...valid, observed_binding_digest: 'A'.repeat(64) }, 'invalid_digest'],
    ['an envelope member', { ...valid, transition_id: 'x' }, 'unknown_member'],
    [
      'a missing blocker id',
      { condition: valid.condition, observed_binding_digest: valid.observed_binding_digest },
      'missing_member',
    ],
  ] as const)('refuses %s', (_name, payload, expected) => {
    expect(rule('BLOCKED', payload)).toBe(`INVALID_ARGUMENT/${expected}`);
  });
});
