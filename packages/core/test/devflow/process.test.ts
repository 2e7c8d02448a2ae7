import { describe, expect, it } from 'vitest';
import { bindFreshAction } from '../../src/devflow/action.js';
import {
  findNode,
  findNodeByActionKind,
  findTransition,
  outgoingTransitions,
  problemClassesForNode,
  STANDARD_PROCESS,
} from '../../src/devflow/process.js';
import { ACTION_KINDS, NODE_IDS, PROBLEM_CLASSES, WORK_NODE_IDS } from '../../src/devflow/vocabulary.js';
import { fixtureAction } from './_cases.js';

describe('standard-development@1 as data', () => {
  it('is process standard-development version 1 entering at REQUIREMENTS', () => {
    expect(STANDARD_PROCESS).toMatchObject({
      process_id: 'standard-development',
      process_version: 1,
      entry_node: 'REQUIREMENTS',
    });
  });

  it('has one Action-issuing node per action kind (eight work nodes plus BLOCKED)', () => {
    expect(STANDARD_PROCESS.nodes.map((n) => n.node_id)).toEqual([...WORK_NODE_IDS, 'BLOCKED']);
    expect(STANDARD_PROCESS.nodes.map((n) => n.action_kind)).toEqual([...ACTION_KINDS]);
    for (const kind of ACTION_KINDS) expect(findNodeByActionKind(kind)?.action_kind).toBe(kind);
  });

  it('lists every transition exactly once, from the node that names it, to a known node', () => {
    const listed = STANDARD_PROCESS.nodes.flatMap((n) => n.transitions);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.sort()).toEqual(STANDARD_PROCESS.transitions.map((t) => t.transition_id).sort());
    for (const node of STANDARD_PROCESS.nodes) {
      for (const transition of outgoingTransitions(node.node_id)) {
        expect(transition.source).toBe(node.node_id);
        expect(NODE_IDS).toContain(transition.destination_node);
        expect(PROBLEM_CLASSES).toContain(transition.problem_class);
      }
    }
  });

  it('requires a reason exactly on the non-none edges', () => {
    for (const t of STANDARD_PROCESS.transitions) expect(t.reason_required).toBe(t.problem_class !== 'none');
  });

  it.each([
    ['REQUIREMENTS', ['none']],
    ['DESIGN', ['none', 'requirement_gap']],
    ['TASKS', ['none', 'design_gap', 'requirement_gap']],
    ['IMPLEMENT', ['none', 'design_gap', 'requirement_gap', 'code_complexity']],
    ['TEST', ['none', 'implementation_failure', 'design_failure', 'requirement_gap']],
    [
      'COMPREHENSION_REVIEW',
      [
        'none',
        'implementation_defect',
        'code_complexity',
        'design_complexity',
        'verification_gap',
        'requirement_gap',
      ],
    ],
    ['REFACTOR', ['none', 'design_change', 'requirement_change']],
    [
      'DELIVERY',
      ['none', 'implementation_gap', 'test_gap', 'comprehension_gap', 'design_gap', 'requirement_gap'],
    ],
    ['BLOCKED', []],
    ['DONE', []],
  ] as const)('%s accepts the problem classes %j', (node, classes) => {
    expect(problemClassesForNode(node)).toEqual(classes);
  });

  it('has three required method steps per work node and blocker.resolve at BLOCKED', () => {
    for (const node of WORK_NODE_IDS) {
      const steps = findNode(node)!.method_steps;
      expect(steps).toHaveLength(3);
      expect(steps.every((s) => s.required)).toBe(true);
    }
    expect(findNode('BLOCKED')!.method_steps.map((s) => s.step_id)).toEqual(['blocker.resolve']);
  });

  it.each(['requirements', 'test', 'comprehension_review'])(
    'agrees with the upstream fixture Action %s (steps, effects, evidence, contract, transitions)',
    (name) => {
      const bound = bindFreshAction({ action: fixtureAction(name) }, 'dev_flow_get_next_action');
      expect(bound.success).toBe(true);
      if (!bound.success) return;
      const action = bound.data;
      const node = findNode(action.current_node)!;
      expect(node.action_kind).toBe(action.action_kind);
      expect(node.payload_contract).toBe(action.payload_contract);
      expect(node.allowed_effects).toEqual(action.allowed_effects);
      expect(node.required_evidence).toEqual(action.required_evidence);
      expect(node.method_steps).toEqual(
        action.method_steps.map(({ step_id, required }) => ({ step_id, required })),
      );
      expect(
        outgoingTransitions(action.current_node).map(
          ({ transition_id, destination_node, guard_id, reason_required }) => ({
            transition_id,
            destination_node,
            guard_id,
            reason_required,
          }),
        ),
      ).toEqual(
        action.available_transitions.map(
          ({ transition_id, destination_node, guard_id, reason_required }) => ({
            transition_id,
            destination_node,
            guard_id,
            reason_required,
          }),
        ),
      );
    },
  );

  it('finds nothing for unknown ids', () => {
    expect(findNode('NOPE')).toBeUndefined();
    expect(findTransition('__proto__')).toBeUndefined();
    expect(outgoingTransitions('constructor')).toEqual([]);
  });
});
