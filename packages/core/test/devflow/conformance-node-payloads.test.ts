import { describe, expect, it } from 'vitest';
import { checkActionPayload, standardPayloadContext } from '../../src/devflow/payload-check.js';
import { preflightApply, preflightApplyText } from '../../src/devflow/preflight.js';
import { findNode } from '../../src/devflow/process.js';
import { ProtocolError } from '../../src/errors.js';
import { type NodePayloadCase, nodePayloadFile, standardAction } from './_cases.js';

const cases = nodePayloadFile.cases;

/** The rule each rejected case trips: the code alone could pass for the wrong reason. */
const EXPECTED_RULES: Record<string, string> = {
  'invalid-requirements_ready-artifact-role-repository_observation': 'value_not_allowed',
  'invalid-requirements_ready-flat-node-result': 'missing_member',
  'invalid-requirements_ready-missing-problem-class': 'missing_member',
  'invalid-requirements_ready-missing-baseline': 'missing_member',
  'invalid-requirements_ready-missing-unresolved-questions': 'missing_member',
  'invalid-requirements_ready-missing-method-step': 'method_evidence_count',
  'invalid-requirements_ready-caller-destination': 'unknown_member',
  'invalid-design_ready-missing-requirements-revision': 'missing_member',
  'invalid-design_ready-missing-complexity-justification': 'missing_member',
  'invalid-design_ready-unknown-complexity-member': 'unknown_member',
  'invalid-design_ready-previous-node-method-step': 'method_step_unknown',
  'invalid-design_ready-array-as-prose': 'wrong_type',
  'invalid-requirements_ready-duplicate-member': 'duplicate_member',
  'derived-requirements_ready-reason-nonempty-when-not-required': 'reason_not_allowed',
  'derived-requirements_ready-undeclared-transition': 'transition_not_declared',
  'derived-requirements_ready-plain-fallback-with-capability': 'method_evidence_syntax',
  'derived-requirements_ready-required-step-not-run': 'required_step_unsatisfied',
  'derived-requirements_ready-summary-untrimmed': 'text_untrimmed',
  'derived-requirements_ready-empty-acceptance': 'too_few_items',
  'derived-requirements_ready-duplicate-scope-item': 'duplicate_item',
  'derived-requirements_ready-problem-class-invalid-for-node': 'problem_class_invalid_for_node',
  'derived-design_ready-problem-class-transition-mismatch': 'problem_class_mismatch',
  'derived-design_ready-method-steps-out-of-order': 'method_evidence_order',
};

function check(testCase: NodePayloadCase) {
  const action = standardAction(testCase.node);
  return testCase.payload_raw === undefined
    ? preflightApply(action, testCase.payload)
    : preflightApplyText(action, testCase.payload_raw);
}

describe('conformance: node_payload_cases.json', () => {
  it('holds the case mix the suite documents', () => {
    expect(cases.length).toBe(33);
    expect(cases.filter((c) => c.expected.valid)).toHaveLength(10);
    expect(Object.keys(EXPECTED_RULES).sort()).toEqual(
      cases
        .filter((c) => !c.expected.valid)
        .map((c) => c.id)
        .sort(),
    );
    expect(nodePayloadFile.apply_check_order).toContain('REVISION_CONFLICT');
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s', (_id, testCase) => {
    expect(findNode(testCase.node)?.action_kind).toBe(testCase.action_kind);
    const result = check(testCase);
    if (testCase.expected.valid) {
      expect(result).toMatchObject({ success: true });
      return;
    }
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error).toBeInstanceOf(ProtocolError);
    expect(result.error.code).toBe(testCase.expected.error_code_derived);
    expect(result.error.details.rule).toBe(EXPECTED_RULES[testCase.id]);
  });

  it.each(cases.filter((c) => c.payload !== undefined).map((c) => [c.id, c] as const))(
    '%s gives the same answer through the standard context',
    (_id, testCase) => {
      const direct = checkActionPayload(standardPayloadContext(testCase.node), testCase.payload);
      const viaAction = check(testCase);
      expect(direct.success).toBe(viaAction.success);
      if (!direct.success && !viaAction.success) expect(direct.error.code).toBe(viaAction.error.code);
    },
  );
});
