import { describe, expect, it } from 'vitest';
import { preflightApply } from '../../src/devflow/preflight.js';
import { type JsonDraft, standardAction, validPayload } from './_cases.js';

const budget = {
  level: 'targeted',
  max_automatic_commands: 2,
  allow_full_suite: false,
  allow_manual_handoff: false,
} as const;
const action = standardAction('TEST');

function outcome(
  payload: unknown,
  options: Parameters<typeof preflightApply>[2] = { verificationBudget: budget },
) {
  const result = preflightApply(action, payload, options);
  return result.success ? 'ok' : `${result.error.code}/${String(result.error.details.rule)}`;
}

describe('verification budget pre-flight (TEST)', () => {
  it('accepts checks within the budget and ignores the budget when none is given', () => {
    expect(outcome(validPayload('valid-tests_passed_initial'))).toBe('ok');
    const many = validPayload('valid-tests_passed_initial');
    many.node_result.checks[0].command_count = 20;
    expect(outcome(many, {})).toBe('ok');
  });

  it('counts the commands already used for the task plan', () => {
    const payload = validPayload('valid-tests_passed_initial');
    expect(outcome(payload, { verificationBudget: budget, automaticCommandsUsed: 1 })).toBe('ok');
    expect(outcome(payload, { verificationBudget: budget, automaticCommandsUsed: 2 })).toBe(
      'VERIFICATION_BUDGET_EXCEEDED/too_many_commands',
    );
  });

  it.each([
    [
      'a forbidden full suite',
      (p: JsonDraft): unknown => (p.node_result.checks[0].full_suite = true),
      'full_suite_not_allowed',
    ],
    [
      'too many commands',
      (p: JsonDraft): unknown => (p.node_result.checks[0].command_count = 3),
      'too_many_commands',
    ],
    [
      'user evidence without manual handoff',
      (p: JsonDraft): unknown =>
        p.node_result.checks.push({
          ...p.node_result.checks[0],
          name: 'user-check',
          source: 'user',
          command_count: 0,
        }),
      'manual_evidence_not_allowed',
    ],
    [
      'manual handoff items',
      (p: JsonDraft): unknown => (p.node_result.manual_handoff_items = ['Check the UI by hand.']),
      'manual_handoff_not_allowed',
    ],
  ] as const)('refuses %s', (_name, mutate, rule) => {
    const payload = validPayload('valid-tests_passed_initial');
    mutate(payload);
    expect(outcome(payload)).toBe(`VERIFICATION_BUDGET_EXCEEDED/${rule}`);
  });

  it('reports payload rule failures before the budget', () => {
    const payload = validPayload('valid-tests_passed_initial');
    payload.node_result.checks[0].command_count = 21;
    expect(outcome(payload)).toBe('INVALID_ARGUMENT/too_big');
  });
});
