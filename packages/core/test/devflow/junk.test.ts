import { describe, expect, it } from 'vitest';
import { bindFreshAction, safeParseAction } from '../../src/devflow/action.js';
import { createApplyArguments, safeParseApplyArguments } from '../../src/devflow/apply-arguments.js';
import { classifyToolResponse, safeParseResultEnvelope } from '../../src/devflow/envelope.js';
import { checkServerInfo } from '../../src/devflow/handshake.js';
import { devflowContracts } from '../../src/devflow/index.js';
import { safeParseJsonText } from '../../src/devflow/json-text.js';
import { checkMethodEvidence } from '../../src/devflow/method-evidence.js';
import { selectMethodProfile } from '../../src/devflow/method-profile.js';
import { createOpenTaskArguments, safeParseNewTask } from '../../src/devflow/new-task.js';
import { createOperationProbe, safeParseOperationProbe } from '../../src/devflow/operation-probe.js';
import { checkActionPayload, standardPayloadContext } from '../../src/devflow/payload-check.js';
import { preflightApply, preflightApplyArguments, preflightApplyText } from '../../src/devflow/preflight.js';
import { STANDARD_PROCESS } from '../../src/devflow/process.js';
import { adviseRecovery } from '../../src/devflow/recovery-advice.js';
import {
  bindRecoveryAssessment,
  safeParseRecoveryAssessment,
} from '../../src/devflow/recovery-assessment.js';
import { ProtocolError } from '../../src/errors.js';
import type { Result } from '../../src/result.js';
import { argumentsFile, standardAction, validPayload } from './_cases.js';

function deeplyNested(depth: number): unknown {
  let value: unknown = { leaf: true };
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { node_result: value } : [value];
  return value;
}

function deeplyNestedText(depth: number): string {
  return `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;
}

/** The junk every validator must refuse with a typed error, without throwing or polluting prototypes. */
const JUNK: readonly (readonly [string, unknown])[] = [
  ['undefined', undefined],
  ['null', null],
  ['empty string', ''],
  ['open brace', '{'],
  ['string []', '[]'],
  ['empty array', []],
  ['zero', 0],
  ['a number', 42],
  ['NaN', Number.NaN],
  ['true', true],
  ['empty object', {}],
  ['multi-MB line', `{"summary":"${'x'.repeat(3_000_000)}"}`],
  ['deeply nested value', deeplyNested(20_000)],
  ['deeply nested JSON text', deeplyNestedText(50_000)],
  ['__proto__ member', JSON.parse('{"__proto__":{"polluted":true},"transition_id":"requirements_ready"}')],
  [
    'nested __proto__',
    JSON.parse(
      '{"node_result":{"__proto__":{"polluted":true}},"payload":{"constructor":{"prototype":{"polluted":true}}}}',
    ),
  ],
  ['lone surrogate', '{"summary":"\ud800"}'],
  ['invalid UTF-8 bytes', new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
  ['CRLF text', '{"transition_id":"requirements_ready"}\r\n{"a":1}\r\n'],
  ['an array of objects', [{ transition_id: 'requirements_ready' }]],
];

const retained = argumentsFile.apply_mapping_case.expected_apply_arguments;
const requirementsAction = standardAction('REQUIREMENTS');

const VALIDATORS: readonly (readonly [string, (junk: unknown) => Result<unknown, ProtocolError>])[] = [
  ['checkServerInfo', (junk) => checkServerInfo(junk, { packagedVersion: '0.4.0' })],
  ['safeParseNewTask', safeParseNewTask],
  [
    'createOpenTaskArguments',
    (junk) => createOpenTaskArguments({ repositoryPath: junk as string, newTask: junk ?? 'x' }),
  ],
  ['safeParseAction', safeParseAction],
  ['bindFreshAction(open_task)', (junk) => bindFreshAction(junk, 'dev_flow_open_task')],
  ['bindFreshAction(get_next_action)', (junk) => bindFreshAction(junk, 'dev_flow_get_next_action')],
  ['bindFreshAction(nested junk)', (junk) => bindFreshAction({ action: junk }, 'dev_flow_get_next_action')],
  ['preflightApply(payload)', (junk) => preflightApply(requirementsAction, junk)],
  ['preflightApply(action)', (junk) => preflightApply(junk, validPayload('valid-requirements_ready'))],
  ['preflightApplyText', (junk) => preflightApplyText(requirementsAction, junk)],
  ['preflightApplyArguments', (junk) => preflightApplyArguments(requirementsAction, junk)],
  [
    'preflightApplyArguments(payload)',
    (junk) => preflightApplyArguments(requirementsAction, { ...retained, payload: junk }),
  ],
  ['safeParseApplyArguments', safeParseApplyArguments],
  [
    'createApplyArguments',
    (junk) => createApplyArguments({ action: junk, payload: junk, requestId: junk as string }),
  ],
  [
    'createApplyArguments(payload)',
    (junk) => createApplyArguments({ action: requirementsAction, payload: junk, requestId: 'r-1' }),
  ],
  ['createOperationProbe', createOperationProbe],
  ['safeParseOperationProbe', safeParseOperationProbe],
  ['safeParseRecoveryAssessment', safeParseRecoveryAssessment],
  ['bindRecoveryAssessment', bindRecoveryAssessment],
  ['adviseRecovery(assessment)', (junk) => adviseRecovery(junk, retained)],
  ['safeParseResultEnvelope', safeParseResultEnvelope],
  // '[]' is valid JSON text; as a payload it is refused by every payload check above.
  ['safeParseJsonText', (junk) => safeParseJsonText(junk === '[]' ? '[' : junk, { maxBytes: 100_000 })],
  ['checkMethodEvidence', (junk) => checkMethodEvidence(junk, STANDARD_PROCESS.nodes[0]!.method_steps)],
  [
    'selectMethodProfile',
    (junk) => selectMethodProfile(Array.isArray(junk) && junk.length === 0 ? ['?'] : [junk as string]),
  ],
  ...STANDARD_PROCESS.nodes.map(
    (node) =>
      [
        `checkActionPayload(${node.node_id})`,
        (junk: unknown) => checkActionPayload(standardPayloadContext(node.node_id), junk),
      ] as const,
  ),
  ...devflowContracts.flatMap((contract) => [
    [`${contract.id}.validate`, (junk: unknown) => contract.validate(junk)] as const,
    [`${contract.id}.extract`, (junk: unknown) => contract.extract(junk as string)] as const,
  ]),
];

describe('junk input never throws and always fails typed', () => {
  describe.each(VALIDATORS.map(([name, validate]) => [name, validate] as const))('%s', (_name, validate) => {
    it.each(JUNK.map(([label, junk]) => [label, junk] as const))('%s', (_label, junk) => {
      const result = validate(junk);
      expect(result.success).toBe(false);
      if (result.success) return;
      expect(result.error).toBeInstanceOf(ProtocolError);
      expect(typeof result.error.code).toBe('string');
      expect(result.error.message.length).toBeLessThan(2_000);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(JSON.stringify(result.error.toJSON()).length).toBeGreaterThan(0);
    });
  });

  it.each(JUNK.map(([label, junk]) => [label, junk] as const))(
    'classifyToolResponse treats %s as uncertain',
    (_label, junk) => {
      const outcome = classifyToolResponse(junk, { tool: 'dev_flow_apply_action' });
      expect(outcome.outcome).toBe('uncertain');
    },
  );
});
