import { describe, expect, it } from 'vitest';
import { ACTION_FIELDS, bindFreshAction, safeParseAction } from '../../src/devflow/action.js';
import { argumentsFile, fixtureAction, standardAction } from './_cases.js';

const fresh = argumentsFile.apply_mapping_case.fresh_action;

describe('bindFreshAction', () => {
  it('binds from result.task.current_action for open_task and get_task', () => {
    for (const tool of ['dev_flow_open_task', 'dev_flow_get_task'] as const) {
      const bound = bindFreshAction({ created: true, task: { task_id: 't', current_action: fresh } }, tool);
      expect(bound.success).toBe(true);
    }
  });

  it('binds from result.action for get_next_action, and not from the other place', () => {
    expect(bindFreshAction({ action: fresh }, 'dev_flow_get_next_action').success).toBe(true);
    expect(bindFreshAction({ task: { current_action: fresh } }, 'dev_flow_get_next_action')).toMatchObject({
      success: false,
      error: { code: 'action_missing' },
    });
    expect(bindFreshAction({ action: fresh }, 'dev_flow_get_task')).toMatchObject({
      success: false,
      error: { code: 'action_missing' },
    });
  });

  it('reports a missing Action (blocked, terminal, truncated) as action_missing', () => {
    const result = bindFreshAction(
      { task: { current_action: null, outcome: { status: 'completed' } } },
      'dev_flow_get_task',
    );
    expect(result).toMatchObject({
      success: false,
      error: { code: 'action_missing', details: { fieldPath: 'result.task.current_action' } },
    });
  });

  it('normalises the fixture aliases destination / when to Core names', () => {
    const bound = bindFreshAction({ action: fresh }, 'dev_flow_get_next_action');
    expect(bound.success).toBe(true);
    if (!bound.success) return;
    expect(bound.data.available_transitions).toEqual([
      {
        transition_id: 'requirements_ready',
        destination_node: 'DESIGN',
        guard_id: 'requirements_baseline_complete',
        selection_condition: 'A complete requirements baseline has no material unresolved question.',
        reason_required: false,
      },
    ]);
  });

  it('keeps Core names as they are, including description', () => {
    const action = standardAction('DESIGN');
    const bound = safeParseAction(action);
    expect(bound.success).toBe(true);
    if (!bound.success) return;
    expect(bound.data.available_transitions[0]).toEqual({
      transition_id: 'design_ready',
      destination_node: 'TASKS',
      guard_id: 'design_baseline_complete',
      description: 'Move on.',
      selection_condition: 'When it holds.',
      reason_required: false,
    });
  });
});

describe('safeParseAction', () => {
  it('has exactly the 20 inseparable fields', () => {
    expect(ACTION_FIELDS).toHaveLength(20);
    expect([...ACTION_FIELDS].sort()).toEqual(Object.keys(fresh).sort());
  });

  it.each(ACTION_FIELDS.map((field) => [field] as const))('stops binding when %s is missing', (field) => {
    const { [field]: _removed, ...incomplete } = fresh;
    const result = safeParseAction(incomplete);
    expect(result).toMatchObject({ success: false, error: { code: 'action_invalid' } });
    if (!result.success) expect(result.error.details.fieldPath).toBe(field);
  });

  it.each([
    ['revision as a string', { revision: '1' }, 'revision'],
    ['a zero revision', { revision: 0 }, 'revision'],
    ['an unknown action kind', { action_kind: 'COMPLETE_EVERYTHING' }, 'action_kind'],
    ['an uppercase digest', { repository_binding_digest: 'A'.repeat(64) }, 'repository_binding_digest'],
    ['an unknown node', { current_node: 'REVIEW' }, 'current_node'],
    ['an unknown effect', { allowed_effects: ['delete_everything'] }, 'allowed_effects[0]'],
    ['an unknown profile', { method_profile: 'speckit' }, 'method_profile'],
    ['a non-timestamp issued_at', { issued_at: 'yesterday' }, 'issued_at'],
    [
      'a step without required',
      { method_steps: [{ step_id: 'a.b', purpose: 'p' }] },
      'method_steps[0].required',
    ],
    [
      'a transition without destination',
      { available_transitions: [{ transition_id: 'x', guard_id: 'g', when: 'w', reason_required: false }] },
      'available_transitions[0].destination_node',
    ],
    [
      'contradicting aliases',
      {
        available_transitions: [
          {
            transition_id: 'x',
            destination: 'DESIGN',
            destination_node: 'TASKS',
            guard_id: 'g',
            when: 'w',
            reason_required: false,
          },
        ],
      },
      'available_transitions[0].destination',
    ],
    [
      'a transition without any condition text',
      {
        available_transitions: [
          { transition_id: 'x', destination: 'DESIGN', guard_id: 'g', reason_required: false },
        ],
      },
      'available_transitions[0].selection_condition',
    ],
  ] as const)('stops binding on %s', (_name, change, fieldPath) => {
    const result = safeParseAction({ ...fresh, ...change });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.details.fieldPath).toBe(fieldPath);
  });

  it('drops unknown members with a warning instead of trusting them', () => {
    const result = safeParseAction({ ...fresh, submission_tool: 'dev_flow_submit_requirements' });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data).not.toHaveProperty('submission_tool');
    expect(result.warnings?.[0]).toMatchObject({
      code: 'unknown_action_member',
      details: { members: ['submission_tool'] },
    });
  });

  it('binds the comprehension fixture with all six transitions', () => {
    const result = safeParseAction(fixtureAction('comprehension_review'));
    expect(result.success && result.data.available_transitions.map((t) => t.destination_node)).toEqual([
      'DELIVERY',
      'IMPLEMENT',
      'REFACTOR',
      'DESIGN',
      'TEST',
      'REQUIREMENTS',
    ]);
  });
});
