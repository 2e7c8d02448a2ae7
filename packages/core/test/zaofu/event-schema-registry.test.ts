import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../../src/errors.js';
import { parseEventSchemaRule, SCHEMA_VIOLATION_CODES } from '../../src/zaofu/event-schema-registry.js';
import { createEventSchemaRegistry } from '../../src/zaofu/index.js';

const registry = createEventSchemaRegistry({
  eventSchemas: {
    'verify.report': {
      required: ['matrix', 'mode'],
      non_empty: ['matrix', 'notes'],
      enum: { mode: ['strict', 'lenient'], level: [1, 2] },
      list_item: { rows: { required: ['id'], enum: { state: ['ok'] } } },
      nested: { meta: { required: ['owner'] } },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the zf.yaml rule key.
      when: { if: { mode: 'strict' }, then: { required: ['approver'] } },
    },
    // biome-ignore lint/suspicious/noThenProperty: `then` is the zf.yaml rule key.
    'flag.event': { when: { if: { enabled: true }, then: { required: ['reason'] } } },
    'not.a.rule': 'ignored',
  },
  eventSchemasByKind: {
    prd: { 'verify.report': { required: ['prd_ref'] } },
  },
});

const paths = (type: string, payload: unknown) =>
  registry.validate({ type, payload }).map((v) => `${v.code} ${v.field_path} ${v.expected} | ${v.actual}`);

describe('event-schema registry rules', () => {
  it('reports each rule kind with the kernel strings, in the kernel order', () => {
    const payload = {
      matrix: [],
      mode: 'strict',
      notes: null,
      level: 1,
      rows: [{ id: 1, state: 'bad' }, 'row', {}],
      meta: ['x'],
    };
    expect(paths('verify.report', payload)).toEqual([
      'empty_required payload.matrix matrix non-empty | empty',
      'empty_required payload.notes notes non-empty | empty',
      "enum_mismatch payload.level one of ['1', '2'] | 1",
      'type_mismatch payload.meta object | list',
      "enum_mismatch payload.rows[0].state one of ['ok'] | bad",
      'type_mismatch payload.rows[1] object | str',
      'missing_required payload.rows[2].id id present | missing',
      'missing_required payload.approver approver present | missing',
    ]);
  });

  it('reports a non-list list_item field and Python type names', () => {
    expect(paths('verify.report', { matrix: [1], mode: 'lenient', rows: { a: 1 }, meta: null })).toEqual([
      'type_mismatch payload.meta object | NoneType',
      'type_mismatch payload.rows list | dict',
    ]);
    expect(paths('verify.report', { matrix: 'x', mode: 1.5 })).toEqual([
      "enum_mismatch payload.mode one of ['strict', 'lenient'] | 1.5",
    ]);
  });

  it('compares when-triggers as strings, Python str() included', () => {
    expect(paths('flag.event', { enabled: true })).toEqual([]);
    expect(paths('flag.event', { enabled: 'True' })).toEqual([
      'missing_required payload.reason reason present | missing',
    ]);
  });

  it('scopes rules by flow kind, feat meaning prd, falling back to the default table', () => {
    expect(paths('verify.report', { flow_kind: ' FEAT ' })).toEqual([
      'missing_required payload.prd_ref prd_ref present | missing',
    ]);
    expect(paths('verify.report', { request_kind: 'prd', prd_ref: 'x' })).toEqual([]);
    expect(registry.isLoose('verify.report', 'prd')).toBe(false);
    expect(paths('verify.report', { goal_kind: 'bugfix', matrix: [1], mode: 'lenient' })).toEqual([]);
  });

  it('treats unknown types and malformed rule bodies as loose', () => {
    expect(registry.isLoose('not.a.rule')).toBe(true);
    expect(registry.validate({ type: 'worker.heartbeat', payload: { anything: 1 } })).toEqual([]);
  });

  it('returns the violations as a typed error from safeValidate', () => {
    const result = registry.safeValidate({ type: 'verify.report', payload: {} });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error).toBeInstanceOf(ProtocolError);
    expect(result.error.code).toBe('event_schema_violation');
    expect(result.error.details.fieldPath).toBe('payload.matrix');
    expect(result.error.message).toContain('payload.mode: expected mode present, got missing');
    expect(SCHEMA_VIOLATION_CODES).toContain(
      (result.error.details.violations as { code: string }[])[0]!.code,
    );
  });

  it('parses a single rule like the kernel, ignoring malformed parts', () => {
    const rule = parseEventSchemaRule({
      required: 'abc',
      enum: { a: 'xy' },
      nested: { n: 3 },
      when: { if: {} },
    });
    expect(rule).toMatchObject({ required: [], nested: new Map() });
    expect(rule.enums.get('a')).toEqual([]);
    expect(rule.when).toBeUndefined();
  });
});

describe('event-schema registry on junk', () => {
  const deepRule: Record<string, unknown> = {};
  let cursor = deepRule;
  for (let i = 0; i < 5000; i++) {
    const next: Record<string, unknown> = { required: ['x'] };
    cursor.nested = { n: next };
    cursor = next;
  }

  it.each([
    undefined,
    null,
    '',
    '{',
    [],
    42,
    JSON.parse('{"__proto__":{"required":["polluted"]},"constructor":{"required":["x"]}}'),
    { 'a.b': deepRule },
  ])('builds from junk config %# without throwing', (config) => {
    const built = createEventSchemaRegistry({ eventSchemas: config, eventSchemasByKind: config });
    expect(built.validate({ type: 'a.b', payload: {} }).length).toBeLessThan(3);
    expect(({} as Record<string, unknown>).required).toBeUndefined();
  });

  it.each([
    undefined,
    null,
    '',
    '{',
    [],
    42,
    'x'.repeat(2_000_000),
    { type: 'verify.report', payload: JSON.parse('{"__proto__":{"polluted":1}}') },
    { type: 'verify.report', payload: { matrix: [], mode: `${'['.repeat(100_000)}` } },
  ])('validates junk event %# without throwing', (event) => {
    const violations = registry.validate(event as never);
    expect(Array.isArray(violations)).toBe(true);
    expect(registry.safeValidate(event as never).success).toBe(violations.length === 0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('does not look up inherited names such as constructor or toString', () => {
    const rules = createEventSchemaRegistry({
      eventSchemas: { e: { required: ['constructor', 'toString'] } },
    });
    expect(rules.validate({ type: 'e', payload: {} }).map((v) => v.field_path)).toEqual([
      'payload.constructor',
      'payload.toString',
    ]);
    expect(rules.isLoose('toString')).toBe(true);
  });

  it('prints deeply nested enum values without recursing forever', () => {
    const deep = JSON.parse(`${'['.repeat(10_000)}${']'.repeat(10_000)}`) as unknown;
    const rules = createEventSchemaRegistry({ eventSchemas: { e: { enum: { v: ['a'] } } } });
    const [violation] = rules.validate({ type: 'e', payload: { v: deep } });
    expect(violation?.actual.startsWith('[[[[')).toBe(true);
    expect(violation?.actual.length).toBeLessThan(200);
  });
});
