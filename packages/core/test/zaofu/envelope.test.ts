import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../../src/errors.js';
import { safeParseZfEvent, safeParseZfEventLine } from '../../src/zaofu/index.js';

const line = JSON.stringify({
  type: 'arch.proposal.done',
  id: 'evt-0123456789ab',
  ts: '2026-08-22T10:00:00+00:00',
  actor: 'arch',
  task_id: 'TASK-1',
  payload: { summary: 'x' },
  causation_id: null,
  correlation_id: 'trace-1',
  origin: 'worker',
  signature: 'dropped on read',
});

describe('ZaoFu event envelope', () => {
  it('parses an events.jsonl line and drops unknown keys like the kernel', () => {
    expect(safeParseZfEventLine(`${line}\r`)).toEqual({
      success: true,
      data: {
        type: 'arch.proposal.done',
        id: 'evt-0123456789ab',
        ts: '2026-08-22T10:00:00+00:00',
        actor: 'arch',
        task_id: 'TASK-1',
        payload: { summary: 'x' },
        causation_id: null,
        correlation_id: 'trace-1',
        origin: 'worker',
      },
    });
  });

  it('fills the optional envelope fields of historical events', () => {
    const result = safeParseZfEvent({ type: 't', id: 'evt-1', ts: 'now' });
    expect(result.success && result.data).toEqual({
      type: 't',
      id: 'evt-1',
      ts: 'now',
      actor: null,
      task_id: null,
      payload: {},
      causation_id: null,
      correlation_id: null,
      origin: '',
    });
  });

  it.each([
    ['a missing type', { id: 'e', ts: 't' }, 'type'],
    ['an unknown origin', { type: 't', id: 'e', ts: 't', origin: 'agent' }, 'origin'],
    ['a list payload', { type: 't', id: 'e', ts: 't', payload: [] }, 'payload'],
  ] as const)('rejects %s with the field path', (_name, value, fieldPath) => {
    const result = safeParseZfEvent(value);
    expect(result.success || [result.error.code, result.error.details.fieldPath]).toEqual([
      'invalid_event',
      fieldPath,
    ]);
  });

  it.each([
    undefined,
    null,
    '',
    '{',
    '[]',
    '42',
    42,
    [],
    'x'.repeat(2_000_000),
    `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    '{"__proto__":{"polluted":true},"type":"t","id":"e","ts":"t","payload":{"__proto__":{"polluted":true}}}',
    '{"type":"\ud800","id":"e","ts":"t"',
  ])('never throws on junk line %#', (value) => {
    const result = safeParseZfEventLine(value);
    if (!result.success) {
      expect(result.error).toBeInstanceOf(ProtocolError);
      expect(['invalid_event', 'invalid_event_json']).toContain(result.error.code);
      expect(result.error.message.length).toBeLessThan(1000);
    } else expect(Object.getPrototypeOf(result.data.payload)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
