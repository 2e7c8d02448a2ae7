import { describe, expect, it } from 'vitest';
import {
  applyArgumentsContract,
  devflowContracts,
  newTaskContract,
  nodePayloadContracts,
  operationProbeContract,
} from '../../src/devflow/index.js';
import { ProtocolError } from '../../src/errors.js';
import { createContractRegistry } from '../../src/registry.js';
import { argumentsFile, type JsonDraft, nodePayloadFile } from './_cases.js';

const registry = createContractRegistry(devflowContracts);

describe('devflow contracts', () => {
  it('registers the tool-input contracts and one contract per node payload', () => {
    expect(registry.ids).toEqual([
      'devflow.apply-arguments',
      'devflow.new-task',
      'devflow.node-result-comprehension-review',
      'devflow.node-result-delivery',
      'devflow.node-result-design',
      'devflow.node-result-implement',
      'devflow.node-result-refactor',
      'devflow.node-result-requirements',
      'devflow.node-result-resolve-blocker',
      'devflow.node-result-tasks',
      'devflow.node-result-test',
      'devflow.operation-probe',
    ]);
    for (const contract of devflowContracts) expect(contract.delivery).toBe('payload');
  });

  it.each(
    devflowContracts.flatMap((c) => c.examples.map((e) => [`${c.id} / ${e.name}`, c, e.value] as const)),
  )('%s is valid and round-trips unchanged', (_name, contract, value) => {
    expect(contract.validate(value)).toEqual({ success: true, data: value });
    expect(contract.extract(`Result:\n${contract.render(value)}\nDone.`)).toEqual({
      success: true,
      data: value,
    });
  });

  it('builds the node payload examples verbatim from the upstream fixtures', () => {
    const upstream = nodePayloadFile.cases.filter((c) => c.expected.valid).map((c) => c.payload);
    const examples = nodePayloadContracts
      .flatMap((c) => c.examples.map((e) => e.value))
      .filter((v) => 'transition_id' in v);
    const byText = (values: unknown[]) => values.map((v) => JSON.stringify(v)).sort();
    expect(byText(examples)).toEqual(byText(upstream));
    expect(examples).toHaveLength(10);
  });

  it('builds the protocol examples verbatim from the upstream fixtures', () => {
    const mapping = argumentsFile.apply_mapping_case;
    expect(newTaskContract.examples[0]!.value).toEqual(argumentsFile.new_task_cases[0]!.new_task);
    expect(applyArgumentsContract.examples[0]!.value).toEqual(mapping.expected_apply_arguments);
    expect(applyArgumentsContract.examples[1]!.value).toEqual({
      ...mapping.expected_apply_arguments,
      recovery_apply: mapping.expected_recovery_apply_when_advised,
    });
    expect(operationProbeContract.examples.map((e) => e.value)).toEqual([
      mapping.expected_operation_probe_if_uncertain,
      mapping.expected_operation_probe_if_payload_not_retained,
    ]);
  });

  it('validates node payloads with the full Core rules, and its schema says so too', () => {
    const contract = registry.require('devflow.node-result-design');
    const payload = structuredClone(contract.examples[0]!.value) as JsonDraft;
    payload.node_result.problem_class = 'requirement_gap';
    payload.node_result.findings = ['x'];
    // The JSON Schema is the closed shape only, which the payload has; the contract's schema refuses it.
    expect(contract.toJSONSchema()).toMatchObject({ type: 'object' });
    expect(contract.schema.safeParse(payload).success).toBe(false);
    const result = contract.validate(payload);
    expect(result).toMatchObject({ success: false, error: { code: 'TRANSITION_NOT_ALLOWED' } });
  });

  it('extracts nothing from text without a payload and corrects with the expected shape', () => {
    const contract = registry.require('devflow.node-result-requirements');
    const missing = contract.extract('I finished the requirements.');
    expect(missing).toMatchObject({ success: false, error: { code: 'missing_payload' } });
    const wrong = contract.extract('{"transition_id":"requirements_ready","destination":"DESIGN"}');
    expect(wrong.success).toBe(false);
    if (wrong.success) return;
    expect(wrong.error).toBeInstanceOf(ProtocolError);
    expect(wrong.error.code).toBe('INVALID_ARGUMENT');
    const correction = contract.correct(wrong.error);
    expect(correction).toContain('"transition_id":"requirements_ready"');
    expect(contract.rules.join(' ')).toContain('never destination');
  });

  it.each(devflowContracts.map((c) => [c.id, c] as const))(
    '%s emits a closed JSON Schema',
    (_id, contract) => {
      const schema = contract.toJSONSchema({ io: 'input' });
      expect(schema).toMatchObject({ type: 'object', additionalProperties: false });
    },
  );

  it('refuses apply arguments whose action_kind does not belong to the source_cursor', () => {
    const args = { ...argumentsFile.apply_mapping_case.expected_apply_arguments, source_cursor: 'DESIGN' };
    expect(applyArgumentsContract.validate(args)).toMatchObject({
      success: false,
      error: { code: 'ACTION_STALE' },
    });
  });
});
