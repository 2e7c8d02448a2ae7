import { describe, expect, it } from 'vitest';
import { classifyToolResponse, safeParseResultEnvelope } from '../../src/devflow/envelope.js';
import { describeDomainError, SCHEMA_UNSUPPORTED_GUIDANCE } from '../../src/devflow/error-table.js';

const okEnvelope = {
  schema_version: 2,
  ok: true,
  request_id: 'request-1',
  tool: 'dev_flow_apply_action',
  result: { task: { task_id: 't' } },
};

function errorEnvelope(code: string, action = 'none', message = 'Core says no.') {
  return {
    schema_version: 2,
    ok: false,
    request_id: 'request-1',
    tool: 'dev_flow_apply_action',
    error: { code, message },
    recovery: { retry_safe: false, action, message: 'Recovery text.' },
  };
}

const expected = { tool: 'dev_flow_apply_action', requestId: 'request-1' } as const;

describe('result envelope', () => {
  it('accepts ok and error envelopes, as values or JSON text', () => {
    expect(safeParseResultEnvelope(okEnvelope).success).toBe(true);
    expect(
      safeParseResultEnvelope(JSON.stringify(errorEnvelope('TASK_BLOCKED', 'read_next_action'))).success,
    ).toBe(true);
  });

  it.each([
    ['ok without result', { ...okEnvelope, result: undefined }],
    ['ok with an error', { ...okEnvelope, error: { code: 'X', message: 'y' } }],
    ['error without recovery', { ...errorEnvelope('INVALID_ARGUMENT'), recovery: undefined }],
    ['error with a result', { ...errorEnvelope('INVALID_ARGUMENT'), result: {} }],
    ['schema_version 1', { ...okEnvelope, schema_version: 1 }],
    ['an unknown tool', { ...okEnvelope, tool: 'dev_flow_debug' }],
    ['ok as a string', { ...okEnvelope, ok: 'true' }],
  ])('refuses %s', (_name, envelope) => {
    expect(safeParseResultEnvelope(envelope)).toMatchObject({
      success: false,
      error: { code: 'envelope_malformed' },
    });
  });

  it('refuses duplicate members in envelope text', () => {
    const text = JSON.stringify(okEnvelope).replace('"ok":true', '"ok":false,"ok":true');
    expect(safeParseResultEnvelope(text)).toMatchObject({
      success: false,
      error: { details: { rule: 'duplicate_member' } },
    });
  });
});

describe('classifyToolResponse', () => {
  it('treats a complete ok result as authoritative', () => {
    expect(classifyToolResponse(okEnvelope, expected).outcome).toBe('ok');
  });

  it('treats a complete ok:false result as a domain error, never as uncertainty', () => {
    const outcome = classifyToolResponse(errorEnvelope('INVALID_ARGUMENT'), expected);
    expect(outcome).toMatchObject({
      outcome: 'domain_error',
      report: { code: 'INVALID_ARGUMENT', stop: true },
    });
  });

  it.each([
    ['missing', undefined, 'missing'],
    ['empty', '', 'missing'],
    ['truncated', JSON.stringify(okEnvelope).slice(0, 40), 'truncated'],
    ['malformed', '{"schema_version":2,"ok":true}', 'malformed'],
    ['for another request', { ...okEnvelope, request_id: 'request-2' }, 'foreign'],
    ['for another tool', { ...okEnvelope, tool: 'dev_flow_get_task' }, 'foreign'],
  ] as const)('treats a %s response as uncertain', (_name, response, reason) => {
    expect(classifyToolResponse(response, expected)).toMatchObject({ outcome: 'uncertain', reason });
  });

  it('classifies a response over the 1 MiB envelope cap as truncated', () => {
    const huge = JSON.stringify({ ...okEnvelope, result: { blob: 'x'.repeat(1_048_577) } });
    expect(classifyToolResponse(huge, expected)).toMatchObject({ outcome: 'uncertain', reason: 'truncated' });
  });
});

describe('SCHEMA_UNSUPPORTED guidance', () => {
  const privateMessage =
    'Pre-graph data at /home/alice/.local/share/dev-flow/core.sqlite: sqlite3: file is not a database';

  it('never echoes the Core message, a path, a HOME or a raw SQLite error', () => {
    const outcome = classifyToolResponse(
      errorEnvelope('SCHEMA_UNSUPPORTED', 'repair_storage', privateMessage),
      expected,
    );
    expect(outcome.outcome).toBe('domain_error');
    if (outcome.outcome !== 'domain_error') return;
    const serialized = JSON.stringify(outcome.report);
    for (const secret of ['/home', 'alice', 'sqlite', '.local']) expect(serialized).not.toContain(secret);
    expect(outcome.report).toEqual({
      code: 'SCHEMA_UNSUPPORTED',
      recoveryAction: 'repair_storage',
      guidance: SCHEMA_UNSUPPORTED_GUIDANCE,
      stop: true,
    });
  });

  it('names the explicit outside-Core choices and that nothing was changed', () => {
    expect(SCHEMA_UNSUPPORTED_GUIDANCE).toContain('fresh DEV_FLOW_DATA_DIR');
    expect(SCHEMA_UNSUPPORTED_GUIDANCE).toContain('did not modify or delete');
    expect(SCHEMA_UNSUPPORTED_GUIDANCE).not.toMatch(/[/\\]/);
  });

  it('reports an unknown code without its text and stops', () => {
    const report = describeDomainError({ code: 'NEW_CODE', action: 'read_task', retrySafe: false });
    expect(report).toMatchObject({ code: 'NEW_CODE', stop: true });
  });
});
