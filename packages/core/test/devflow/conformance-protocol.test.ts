import { describe, expect, it } from 'vitest';
import { classifyToolResponse, safeParseResultEnvelope } from '../../src/devflow/envelope.js';
import { CORE_ERROR_CODES, CORE_ERROR_TABLE, describeDomainError } from '../../src/devflow/error-table.js';
import { safeParseNewTask } from '../../src/devflow/new-task.js';
import { checkActionPayload, standardPayloadContext } from '../../src/devflow/payload-check.js';
import { findTransition, outgoingTransitions } from '../../src/devflow/process.js';
import { nodePayloadFile, protocolFile } from './_cases.js';

const fixtures = protocolFile.graph_fixtures;
const table = protocolFile.contract_0_2_error_table;

describe('conformance: protocol_cases.json graph fixtures', () => {
  it('graph-invalid-edge: delivery_complete from DESIGN is TRANSITION_NOT_ALLOWED', () => {
    const edge = fixtures['graph-invalid-edge.json'];
    const design = nodePayloadFile.cases.find((c) => c.id === 'valid-design_ready')!.payload!;
    const result = checkActionPayload(standardPayloadContext(edge.current_node), {
      ...design,
      transition_id: edge.transition_id,
    });
    expect(result).toMatchObject({ success: false, error: { code: edge.expected_error } });
  });

  it('graph-design-action: DESIGN offers exactly the fixture transitions', () => {
    const design = fixtures['graph-design-action.json'];
    expect(outgoingTransitions(design.current_node).map((t) => t.transition_id)).toEqual(
      design.available_transitions,
    );
  });

  it('graph-open-requirements: requirements_ready leads to DESIGN and spec-kit is a valid profile', () => {
    const open = fixtures['graph-open-requirements.json'];
    const transition = findTransition(open.transition_id);
    expect(transition).toMatchObject({ source: open.current_node, destination_node: open.destination_node });
    const newTask = {
      request: open.request,
      initial_scope: [],
      initial_out_of_scope: [],
      known_acceptance_criteria: [],
      verification_budget: {
        level: 'targeted',
        max_automatic_commands: 1,
        allow_full_suite: false,
        allow_manual_handoff: true,
      },
      method_profile: open.method_profile,
    };
    expect(safeParseNewTask(newTask).success).toBe(true);
  });
});

describe('conformance: protocol_cases.json error table', () => {
  it('has the 17 Contract 0.2 codes in the same order', () => {
    expect(table.rows.map((row) => row[0])).toEqual([...CORE_ERROR_CODES]);
  });

  it.each(table.rows.map((row) => [row[0], row] as const))(
    '%s matches message, action and recovery text',
    (code, row) => {
      const entry = CORE_ERROR_TABLE.find((e) => e.code === code);
      expect(entry).toEqual({ code: row[0], message: row[1], action: row[2], recoveryMessage: row[3] });
      const envelope = {
        ...table.envelope,
        request_id: 'request-1',
        tool: 'dev_flow_apply_action',
        error: { code: row[0], message: row[1] },
        recovery: { retry_safe: false, action: row[2], message: row[3] },
      };
      const outcome = classifyToolResponse(envelope, {
        tool: 'dev_flow_apply_action',
        requestId: 'request-1',
      });
      expect(outcome.outcome).toBe('domain_error');
      if (outcome.outcome !== 'domain_error') return;
      expect(outcome.report.stop).toBe(
        row[2] === 'none' || code === 'SCHEMA_UNSUPPORTED' || code === 'INVALID_ARGUMENT',
      );
    },
  );

  it('follows the adapter rule: retry_safe false + action none stops', () => {
    expect(table.adapter_rule).toContain('retry_safe=false + action=none -> stop');
    expect(describeDomainError({ code: 'INVALID_ARGUMENT', action: 'none', retrySafe: false }).stop).toBe(
      true,
    );
    expect(
      describeDomainError({ code: 'ACTION_STALE', action: 'read_next_action', retrySafe: false }).stop,
    ).toBe(false);
  });

  it.each([
    [true, 'none'],
    [true, 'read_next_action'],
    [false, 'read_next_action'],
  ] as const)(
    'stops on INVALID_ARGUMENT unconditionally (retry_safe %s, action %s), as seed 003 says',
    (retrySafe, action) => {
      expect(describeDomainError({ code: 'INVALID_ARGUMENT', action, retrySafe }).stop).toBe(true);
    },
  );

  it('rejects the historical Contract 0.1 envelope (schema_version 1)', () => {
    const historical = protocolFile.historical_contract_0_1_error_envelope;
    expect(historical.file).toBe('protocol/fixtures/revision-conflict.json');
    const result = safeParseResultEnvelope(historical.value);
    expect(result).toMatchObject({ success: false, error: { code: 'envelope_malformed' } });
    expect(safeParseResultEnvelope({ ...historical.value, schema_version: 2 }).success).toBe(true);
  });
});
