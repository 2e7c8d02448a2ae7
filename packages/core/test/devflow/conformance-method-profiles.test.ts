import { describe, expect, it } from 'vitest';
import { bindFreshAction } from '../../src/devflow/action.js';
import { describeDomainError } from '../../src/devflow/error-table.js';
import { checkMethodEvidence } from '../../src/devflow/method-evidence.js';
import { preflightApply } from '../../src/devflow/preflight.js';
import { fixtureAction, type MethodProfileScenario, methodProfileFile } from './_cases.js';

const { scenarios, requirements_node_result: requirementsNodeResult } = methodProfileFile.fixture;

/** The payload `buildFixtureApply` sends for an admissible scenario (upstream skill-contract.test.mjs). */
function fixturePayload(scenario: MethodProfileScenario) {
  return {
    transition_id: scenario.transition_id,
    summary: `Fixture ${scenario.id} completed the semantic node work.`,
    reason: scenario.reason ?? '',
    artifacts: [],
    method_evidence: scenario.method_evidence,
    node_result:
      scenario.node_result === 'requirements_node_result' ? requirementsNodeResult : scenario.node_result,
  };
}

/** Admissible iff the scenario has a Core result to send and the full pre-flight passes. */
function admissible(scenario: MethodProfileScenario) {
  const action = fixtureAction(scenario.action, scenario.profile);
  const evidence = checkMethodEvidence(scenario.method_evidence, action.method_steps as never, {
    availableCapabilities: scenario.available_capabilities,
  });
  if (!scenario.should_apply || scenario.node_result === null || scenario.transition_id === null) {
    return { admissible: false, evidence, preflight: undefined };
  }
  const preflight = preflightApply(action, fixturePayload(scenario), {
    availableCapabilities: scenario.available_capabilities,
  });
  return { admissible: preflight.success, evidence, preflight };
}

describe('conformance: method_profile_cases.json', () => {
  it('has 11 scenarios over the three fixture Actions', () => {
    expect(scenarios).toHaveLength(11);
    expect(Object.keys(methodProfileFile.fixture.actions).sort()).toEqual([
      'comprehension_review',
      'requirements',
      'test',
    ]);
  });

  it.each(scenarios.map((s) => [s.id, s] as const))('%s', (_id, scenario) => {
    const outcome = admissible(scenario);
    expect(outcome.admissible).toBe(scenario.expected_admissible);
    if (
      !scenario.expected_admissible &&
      scenario.method_evidence.length > 0 &&
      scenario.node_result === null
    ) {
      // Pending work: the method evidence itself forbids an apply (a required step is unsatisfied).
      expect(outcome.evidence).toMatchObject({ success: false, error: { code: 'TRANSITION_NOT_ALLOWED' } });
    }
    if (scenario.expected_core_destination_for_display) {
      const bound = bindFreshAction(
        { action: fixtureAction(scenario.action, scenario.profile) },
        'dev_flow_get_next_action',
      );
      expect(bound.success).toBe(true);
      if (!bound.success) return;
      const transition = bound.data.available_transitions.find(
        (t) => t.transition_id === scenario.transition_id,
      );
      expect(transition?.destination_node).toBe(scenario.expected_core_destination_for_display);
    }
  });

  it('tool state without a Core result is never admissible, even with capabilities present', () => {
    const scenario = scenarios.find((s) => s.id === 'method-tool-state-without-core-result')!;
    const result = checkMethodEvidence(
      scenario.method_evidence,
      fixtureAction('requirements').method_steps as never,
    );
    expect(result).toMatchObject({
      success: false,
      error: { code: 'TRANSITION_NOT_ALLOWED', details: { rule: 'method_evidence_count' } },
    });
  });

  it('equivalent plain, spec-kit and openspec requirements results select the same transition and node_result', () => {
    const equivalent = scenarios.filter((s) => s.action === 'requirements' && s.expected_admissible);
    expect(new Set(equivalent.map((s) => s.profile))).toEqual(new Set(['plain', 'spec-kit', 'openspec']));
    expect(new Set(equivalent.map((s) => s.transition_id))).toEqual(new Set(['requirements_ready']));
    for (const scenario of equivalent)
      expect(fixturePayload(scenario).node_result).toEqual(requirementsNodeResult);
  });

  it('a completed step naming a capability that is not visible is refused client-side', () => {
    const scenario = scenarios.find((s) => s.id === 'spec-kit-requirements-available')!;
    const result = preflightApply(fixtureAction('requirements', 'spec-kit'), fixturePayload(scenario), {
      availableCapabilities: ['speckit-specify'],
    });
    expect(result).toMatchObject({ success: false, error: { code: 'capability_not_available' } });
  });

  it('the uncertain-result fixture is an authoritative stop, not something to retry', () => {
    const { core_response: response } = methodProfileFile.fixture.uncertain_result;
    const report = describeDomainError({
      code: response.code as string,
      action: response.action as string,
      retrySafe: response.retry_safe as boolean,
    });
    expect(report).toMatchObject({ code: 'RECOVERY_UNAVAILABLE', stop: true });
  });
});
