import { readdirSync, readFileSync } from 'node:fs';
import { findNode, outgoingTransitions } from '../../src/devflow/process.js';
import { readConformance } from '../_support/conformance.js';

/** Typed views of the upstream Dev Flow conformance files (read from conformance/devflow). */
export interface NodePayloadCase {
  readonly id: string;
  readonly node: string;
  readonly action_kind: string;
  readonly payload?: Record<string, unknown>;
  readonly payload_raw?: string;
  readonly expected: { readonly valid: boolean; readonly error_code_derived?: string };
  readonly inferred?: boolean;
  readonly note?: string;
}

export interface MethodProfileScenario {
  readonly id: string;
  readonly profile: string;
  readonly action: string;
  readonly available_capabilities: readonly string[];
  readonly method_evidence: readonly Record<string, unknown>[];
  readonly node_result: string | Record<string, unknown> | null;
  readonly transition_id: string | null;
  readonly reason?: string;
  readonly should_apply: boolean;
  readonly expected_admissible: boolean;
  readonly expected_core_destination_for_display?: string;
}

export interface MethodProfileFile {
  readonly rule: string;
  readonly fixture: {
    readonly server_info: Record<string, unknown>;
    readonly actions: Record<string, Record<string, unknown>>;
    readonly requirements_node_result: Record<string, unknown>;
    readonly scenarios: readonly MethodProfileScenario[];
    readonly uncertain_result: { readonly error: string; readonly core_response: Record<string, unknown> };
  };
}

export interface HandshakeCase {
  readonly id: string;
  readonly server_info_result: Record<string, unknown>;
  readonly packaged_version: string;
  readonly expected_handshake_ok: boolean;
}

export interface ArgumentsFile {
  readonly new_task_cases: readonly { id: string; new_task: unknown; expected_valid: boolean }[];
  readonly new_task_rules: string;
  readonly apply_mapping_case: {
    readonly fresh_action: Record<string, unknown>;
    readonly selected_scenario: string;
    readonly expected_apply_arguments: Record<string, unknown> & { payload: Record<string, unknown> };
    readonly expected_operation_probe_if_uncertain: Record<string, unknown>;
    readonly expected_operation_probe_if_payload_not_retained: Record<string, unknown>;
    readonly expected_recovery_apply_when_advised: Record<string, unknown>;
  };
  readonly uncertain_result_fixture: {
    readonly error: string;
    readonly core_response: Record<string, unknown>;
  };
}

export interface ProtocolFile {
  readonly graph_fixtures: {
    readonly 'graph-invalid-edge.json': {
      current_node: string;
      transition_id: string;
      expected_error: string;
      expected_writes: number;
    };
    readonly 'graph-design-action.json': { current_node: string; available_transitions: string[] };
    readonly 'graph-open-requirements.json': {
      host: string;
      request: string;
      method_profile: string;
      current_node: string;
      transition_id: string;
      destination_node: string;
    };
  };
  readonly historical_contract_0_1_error_envelope: {
    readonly file: string;
    readonly value: Record<string, unknown>;
  };
  readonly contract_0_2_error_table: {
    readonly envelope: Record<string, unknown>;
    readonly rows: readonly (readonly [string, string, string, string])[];
    readonly adapter_rule: string;
  };
}

export const nodePayloadFile = readConformance<{ cases: NodePayloadCase[]; apply_check_order: string }>(
  'devflow',
  'node_payload_cases.json',
);
export const methodProfileFile = readConformance<MethodProfileFile>('devflow', 'method_profile_cases.json');
export const handshakeFile = readConformance<{ cases: HandshakeCase[] }>('devflow', 'handshake_cases.json');
export const argumentsFile = readConformance<ArgumentsFile>('devflow', 'arguments_cases.json');
export const protocolFile = readConformance<ProtocolFile>('devflow', 'protocol_cases.json');

const conformanceDir = new URL('../../../../conformance/devflow/', import.meta.url);

/** The files of the upstream conformance folder, and its README text. */
export function conformanceListing(): { files: string[]; readme: string } {
  return {
    files: readdirSync(conformanceDir).sort(),
    readme: readFileSync(new URL('README.md', conformanceDir), 'utf8'),
  };
}

/** The standard Action of a node in the method-profile fixture, completed with the scenario's profile. */
export function fixtureAction(name: string, profile = 'plain'): Record<string, unknown> {
  const action = methodProfileFile.fixture.actions[name];
  if (!action) throw new Error(`no fixture action ${name}`);
  return { ...action, method_profile: profile };
}

/** A fresh Action of `node` built from the standard process (what node_payload_cases.json assumes). */
export function standardAction(
  node: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const definition = findNode(node);
  if (!definition) throw new Error(`no node ${node}`);
  return {
    task_id: 'task-conformance',
    revision: 3,
    action_id: `action-${node.toLowerCase()}`,
    action_kind: definition.action_kind,
    process_id: 'standard-development',
    process_version: 1,
    process_definition_digest: '5265db6c44ce12ea55d9fdb072b4dcb2345f6e2a1e89b016644c2819e320f2c1',
    current_node: node,
    node_purpose: `Complete ${node}.`,
    entry_conditions: ['entered'],
    completion_conditions: ['complete'],
    allowed_effects: definition.allowed_effects,
    required_evidence: definition.required_evidence,
    method_profile: 'plain',
    method_steps: definition.method_steps.map((step) => ({ ...step, purpose: `Do ${step.step_id}.` })),
    available_transitions: outgoingTransitions(node).map((transition) => ({
      transition_id: transition.transition_id,
      destination_node: transition.destination_node,
      guard_id: transition.guard_id,
      description: 'Move on.',
      selection_condition: 'When it holds.',
      reason_required: transition.reason_required,
    })),
    payload_contract: definition.payload_contract,
    guidance: 'Complete the node.',
    repository_binding_digest: 'a'.repeat(64),
    issued_at: '2026-08-19T00:00:00Z',
    ...overrides,
  };
}

/** Decoded JSON a test mutates freely. */
// biome-ignore lint/suspicious/noExplicitAny: test drafts are edited member by member, like raw JSON.
export type JsonDraft = Record<string, any>;

/** A valid upstream payload by case id, deep-copied so a test may mutate it. */
export function validPayload(caseId: string): JsonDraft {
  const found = nodePayloadFile.cases.find((c) => c.id === caseId);
  if (!found?.payload) throw new Error(`no payload case ${caseId}`);
  return structuredClone(found.payload) as JsonDraft;
}
