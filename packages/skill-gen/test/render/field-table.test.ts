import { describe, expect, it } from 'vitest';
import { fieldSections, typeLabel } from '../../src/render/field-table.js';

describe('fieldSections', () => {
  it('flattens nested objects and lists of objects, keeping descriptions and required flags', () => {
    const sections = fieldSections({
      type: 'object',
      required: ['a'],
      properties: {
        a: { type: 'string', description: 'First.' },
        b: { type: 'object', properties: { c: { type: 'integer' } }, required: ['c'] },
        d: {
          type: 'array',
          items: { anyOf: [{ type: 'string' }, { type: 'object', properties: { e: { const: 1 } } }] },
        },
      },
    });
    expect(sections).toEqual([
      {
        when: null,
        rows: [
          { field: 'a', type: 'string', required: true, description: 'First.' },
          { field: 'b', type: 'object', required: false, description: '' },
          { field: 'b.c', type: 'integer', required: true, description: '' },
          { field: 'd', type: '(string | object)[]', required: false, description: '' },
          { field: 'd[].e', type: '1', required: false, description: '' },
        ],
      },
    ]);
  });

  it('gives one section per variant of a discriminated union', () => {
    const sections = fieldSections({
      oneOf: [
        { type: 'object', properties: { kind: { const: 'a' }, x: { type: 'string' } }, required: ['kind'] },
        { type: 'object', properties: { kind: { const: 'b' } }, required: ['kind'] },
      ],
    });
    expect(sections.map((section) => section.when)).toEqual(['`kind` is `"a"`', '`kind` is `"b"`']);
    expect(sections[0]!.rows.map((row) => row.field)).toEqual(['kind', 'x']);
  });

  it('follows local $refs without looping on recursive schemas', () => {
    const sections = fieldSections({
      $ref: '#/$defs/Node',
      $defs: {
        Node: { type: 'object', properties: { child: { $ref: '#/$defs/Node' }, name: { type: 'string' } } },
      },
    });
    expect(sections[0]!.rows.map((row) => row.field)).toEqual(['child', 'child.child', 'child.name', 'name']);
  });

  it.each([
    [{ enum: ['a', 'b'] }, '"a" | "b"'],
    [{ type: ['string', 'null'] }, 'string | null'],
    [{ type: 'object', additionalProperties: { type: 'string' } }, 'map of string'],
    [{ type: 'string', format: 'date-time' }, 'string (date-time)'],
    [{ anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] }, 'string[] | null'],
    [{}, 'any'],
  ] as const)('labels %j as %s', (schema, label) => {
    expect(typeLabel(schema, schema)).toBe(label);
  });

  it('describes a non-object schema as one value row', () => {
    expect(fieldSections({ type: 'string', description: 'Just text.' })).toEqual([
      { when: null, rows: [{ field: '(value)', type: 'string', required: true, description: 'Just text.' }] },
    ]);
  });
});
