import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { createApplyArguments } from '../../src/devflow/apply-arguments.js';
import {
  applyActionInputJsonSchema,
  nodePayloadJsonSchema,
  payloadJsonSchemas,
} from '../../src/devflow/json-schema.js';
import { WORK_NODE_IDS } from '../../src/devflow/vocabulary.js';
import { argumentsFile, nodePayloadFile, standardAction } from './_cases.js';

const schema = applyActionInputJsonSchema();
const ajv = new Ajv2020({ strict: true, allErrors: true });
const validate = ajv.compile(schema);

function applyArgumentsFor(node: string, payload: unknown) {
  const built = createApplyArguments({ action: standardAction(node), payload, requestId: 'request-1' });
  if (!built.success) throw built.error;
  return built.data;
}

describe('applyActionInputJsonSchema', () => {
  it('is the Core shape: a closed object with allOf [oneOf by action_kind, recovery rule]', () => {
    expect(schema).toMatchObject({ type: 'object', additionalProperties: false });
    const allOf = schema.allOf as { oneOf?: { properties: { action_kind: { const: string } } }[] }[];
    expect(allOf).toHaveLength(2);
    expect(allOf[0]!.oneOf!.map((branch) => branch.properties.action_kind.const)).toEqual([
      'COMPLETE_REQUIREMENTS',
      'COMPLETE_DESIGN',
      'COMPLETE_TASKS',
      'COMPLETE_IMPLEMENTATION',
      'COMPLETE_TEST',
      'COMPLETE_COMPREHENSION_REVIEW',
      'COMPLETE_REFACTOR',
      'COMPLETE_DELIVERY',
      'RESOLVE_BLOCKER',
    ]);
    expect(Object.keys(schema.$defs as object)).toHaveLength(9);
  });

  it('matches the published snapshot', async () => {
    await expect(`${JSON.stringify(schema, null, 2)}\n`).toMatchFileSnapshot(
      '__snapshots__/apply-action-input.schema.json',
    );
  });

  it('validates the conformance mapping case', () => {
    expect(validate(argumentsFile.apply_mapping_case.expected_apply_arguments)).toBe(true);
  });

  it.each(nodePayloadFile.cases.filter((c) => c.expected.valid).map((c) => [c.id, c] as const))(
    'validates the upstream payload %s inside apply arguments',
    (_id, testCase) => {
      const args = applyArgumentsFor(testCase.node, testCase.payload);
      expect(validate(args), JSON.stringify(validate.errors)).toBe(true);
      expect(validate({ ...args, recovery_apply: null })).toBe(true);
      expect(
        validate({ ...args, recovery_apply: { operation_id: 'request-1', source_cursor: testCase.node } }),
      ).toBe(true);
    },
  );

  it.each([
    'invalid-requirements_ready-flat-node-result',
    'invalid-requirements_ready-missing-problem-class',
    'invalid-requirements_ready-caller-destination',
    'invalid-design_ready-unknown-complexity-member',
    'invalid-design_ready-array-as-prose',
    'invalid-requirements_ready-artifact-role-repository_observation',
    'derived-requirements_ready-empty-acceptance',
  ])('rejects the structurally invalid upstream payload %s', (id) => {
    const testCase = nodePayloadFile.cases.find((c) => c.id === id)!;
    const args = {
      ...applyArgumentsFor(
        testCase.node,
        nodePayloadFile.cases.find((c) => c.node === testCase.node && c.expected.valid)!.payload,
      ),
      payload: testCase.payload,
    };
    expect(validate(args)).toBe(false);
  });

  it.each([
    [
      'a payload of another branch',
      (a: Record<string, unknown>) => ({ ...a, action_kind: 'COMPLETE_DESIGN' }),
    ],
    ['a null payload without recovery_apply', (a: Record<string, unknown>) => ({ ...a, payload: null })],
    ['a string revision', (a: Record<string, unknown>) => ({ ...a, revision: '1' })],
    ['a destination', (a: Record<string, unknown>) => ({ ...a, destination: 'DESIGN' })],
    ['a string payload', (a: Record<string, unknown>) => ({ ...a, payload: JSON.stringify(a.payload) })],
    ['another process', (a: Record<string, unknown>) => ({ ...a, process_version: 2 })],
  ])('rejects %s', (_name, change) => {
    expect(validate(change(argumentsFile.apply_mapping_case.expected_apply_arguments))).toBe(false);
  });

  it('accepts a recovery apply whose branch payload is null', () => {
    const args = { ...argumentsFile.apply_mapping_case.expected_apply_arguments, payload: null };
    expect(
      validate({
        ...args,
        recovery_apply: { operation_id: 'request-plain-requirements-0001', source_cursor: 'REQUIREMENTS' },
      }),
    ).toBe(true);
  });
});

describe('payload JSON Schemas', () => {
  it.each(WORK_NODE_IDS.map((node) => [node] as const))(
    '%s has a closed draft 2020-12 schema with the six members',
    (node) => {
      const payloadSchema = nodePayloadJsonSchema(node)!;
      expect(payloadSchema).toMatchObject({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        additionalProperties: false,
        required: ['transition_id', 'summary', 'reason', 'artifacts', 'method_evidence', 'node_result'],
      });
      expect(() => new Ajv2020({ strict: true }).compile(payloadSchema)).not.toThrow();
    },
  );

  it('keys every payload schema by its payload contract', () => {
    expect(Object.keys(payloadJsonSchemas())).toEqual([
      'requirements-result-1',
      'design-result-1',
      'tasks-result-1',
      'implementation-result-1',
      'test-result-1',
      'comprehension-result-1',
      'refactor-result-1',
      'delivery-result-1',
      'blocker-resolution-1',
    ]);
    expect(nodePayloadJsonSchema('DONE')).toBeUndefined();
  });
});
