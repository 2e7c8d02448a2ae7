// The compiled wire checks against zod itself: on every wire schema of every runtime (and each schema nested
// in one), for every line of every fixture, each value at its place in those lines, and generated junk, a
// check accepts exactly the values `safeParse` accepts, and then zod's output is the value unchanged.
import { readdirSync, readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wireCheckOf } from '../../src/_shared/wire-check.js';
import { RUNTIME_IDS, type RuntimeId } from '../../src/runtime-id.js';
import { runs } from '../properties/_support/core-support.js';

const fixturesDir = new URL('../fixtures/', import.meta.url);

interface Internals {
  readonly _zod: { readonly def: Record<string, unknown> };
}

/** The schemas a schema is built from: object fields, union options, array elements, wrapped types. */
function children(schema: z.ZodType): z.ZodType[] {
  const def = (schema as unknown as Internals)._zod.def;
  const out: unknown[] = [];
  if (def.shape) out.push(...Object.values(def.shape as Record<string, unknown>));
  if (Array.isArray(def.options)) out.push(...def.options);
  out.push(def.innerType, def.element, def.catchall, def.valueType);
  return out.filter((child): child is z.ZodType => child instanceof z.ZodType);
}

const SCHEMAS_BY_RUNTIME = new Map<RuntimeId, { readonly name: string; readonly schema: z.ZodType }[]>();
for (const runtime of RUNTIME_IDS) {
  const module: Record<string, unknown> = await import(`../../src/${runtime}/wire-schemas.ts`);
  SCHEMAS_BY_RUNTIME.set(
    runtime,
    Object.entries(module)
      .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
      .map(([name, schema]) => ({ name, schema })),
  );
}
/** Every exported wire schema, then every schema nested in one (each once). */
const ALL_SCHEMAS: z.ZodType[] = (() => {
  const seen = new Set<z.ZodType>();
  const visit = (schema: z.ZodType) => {
    if (seen.has(schema)) return;
    seen.add(schema);
    for (const child of children(schema)) visit(child);
  };
  for (const list of SCHEMAS_BY_RUNTIME.values()) for (const { schema } of list) visit(schema);
  return [...seen];
})();
const TOP_SCHEMAS = [...SCHEMAS_BY_RUNTIME.values()].flat().map(({ schema }) => schema);

/** Every JSON value of the fixtures: each line of a JSONL file, a JSON document and its elements. */
const LINES: unknown[] = RUNTIME_IDS.flatMap((runtime) =>
  readdirSync(new URL(`${runtime}/`, fixturesDir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(jsonl|ndjson|json)$/.test(name))
    .flatMap((name) => {
      const text = readFileSync(new URL(`${runtime}/${name}`, fixturesDir), 'utf8');
      const values: unknown[] = [];
      const tryParse = (json: string) => {
        try {
          values.push(JSON.parse(json));
        } catch {}
      };
      tryParse(text);
      for (const line of text.split('\n')) tryParse(line);
      return values.flatMap((value) => (Array.isArray(value) ? [value, ...value] : [value]));
    }),
).filter(
  (
    (seen) => (value: unknown) =>
      !seen.has(JSON.stringify(value)) && Boolean(seen.add(JSON.stringify(value)))
  )(new Set<string>()),
);

function hasOwnProtoKey(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Object.hasOwn(value, '__proto__')) return true;
  return Object.values(value).some(hasOwnProtoKey);
}

let comparisons = 0;
let accepted = 0;
const disagreements: string[] = [];

/** The check and zod agree on `value`; zod's output is then `value` itself, deeply. */
function expectAgreement(schema: z.ZodType, value: unknown): void {
  const check = wireCheckOf(schema);
  if (!check) return;
  comparisons++;
  const parsed = schema.safeParse(value);
  const checked = check(value);
  // Only a value zod changes (an own `__proto__` key left out, another prototype) may go to zod when it is valid.
  let problem: string | undefined;
  if (checked && !parsed.success) problem = 'passed the check only';
  else if (checked && !isDeepStrictEqual(parsed.data, value)) problem = 'changed by zod, passed by the check';
  else if (!checked && parsed.success && !hasOwnProtoKey(value) && isDeepStrictEqual(parsed.data, value))
    problem = 'passed zod only';
  if (checked) accepted++;
  if (problem) disagreements.push(`${problem}: ${JSON.stringify(value)?.slice(0, 300)}`);
}

/** `schema` against `value`, then each nested schema against the values at its place in `value`. */
function expectAgreementAlong(schema: z.ZodType, value: unknown, depth = 0): void {
  expectAgreement(schema, value);
  if (depth > 12 || typeof value !== 'object' || value === null) return;
  const def = (schema as unknown as Internals)._zod.def;
  if (def.shape && !Array.isArray(value)) {
    for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
      expectAgreementAlong(field, (value as Record<string, unknown>)[key], depth + 1);
    }
  }
  if (Array.isArray(def.options)) {
    for (const option of def.options as z.ZodType[]) expectAgreementAlong(option, value, depth + 1);
  }
  if (def.element instanceof z.ZodType && Array.isArray(value)) {
    for (const element of value) expectAgreementAlong(def.element, element, depth + 1);
  }
  if (def.innerType instanceof z.ZodType) expectAgreementAlong(def.innerType, value, depth + 1);
}

/** A JSON-safe copy of `value` with the value at path `at` (an index into its paths) set or deleted. */
function mutateAt(value: unknown, at: number, replacement: unknown, remove: boolean): unknown {
  const copy = structuredClone(value);
  const paths: { parent: Record<string, unknown>; key: string }[] = [];
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    for (const key of Object.keys(node)) {
      paths.push({ parent: node as Record<string, unknown>, key });
      walk((node as Record<string, unknown>)[key]);
    }
  };
  walk(copy);
  if (paths.length === 0) return replacement;
  const { parent, key } = paths[at % paths.length]!;
  if (remove && !Array.isArray(parent)) delete parent[key];
  else parent[key] = replacement;
  return copy;
}

/** Values a wrong field is likely to hold: the other JSON types, near-miss strings, an own `__proto__`. */
const NEAR_MISSES = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, '', 'text', [], {}, [{}], { type: 'text' }),
  fc.constantFrom(undefined, Number.NaN, Number.POSITIVE_INFINITY),
  fc.constant(JSON.parse('{"__proto__":{"polluted":true},"type":"text","text":"x"}')),
  fc.jsonValue({ maxDepth: 3 }),
);

describe('wire checks', () => {
  it('cover the stream readers: every Claude Code, Qwen Code and Codex event schema compiles', () => {
    for (const runtime of ['claude-code', 'qwen-code'] as const) {
      for (const { name, schema } of SCHEMAS_BY_RUNTIME.get(runtime)!) {
        expect(wireCheckOf(schema), `${runtime} ${name}`).toBeTypeOf('function');
      }
    }
    const codex = SCHEMAS_BY_RUNTIME.get('codex')!;
    expect(codex.filter(({ schema }) => !wireCheckOf(schema))).toEqual([]);
  });

  it('are not built for what they do not cover: checks, formats, coercion, strip/strict objects, other records', () => {
    const uncovered = [
      z.string().min(1),
      z.email(),
      z.int(),
      z.coerce.number(),
      z.object({ a: z.string() }),
      z.strictObject({ a: z.string() }),
      z.looseObject({ a: z.string() }).refine(() => true),
      z.record(z.enum(['a', 'b']), z.unknown()),
      z.record(z.string().min(1), z.unknown()),
      z.looseRecord(z.string(), z.unknown()),
      z.partialRecord(z.enum(['a']), z.unknown()),
      z.string().transform((s) => s.length),
      z.exactOptional(z.string()),
      z.xor([z.string(), z.string()]),
      z.lazy(() => z.string()),
      z.looseObject({ nested: z.looseObject({ at: z.iso.datetime() }) }),
    ];
    for (const schema of uncovered) expect(wireCheckOf(schema as z.ZodType)).toBeUndefined();
  });

  it('agree with zod on records of string keys, odd objects included', () => {
    const symbolKeyed = { a: 1, [Symbol('s')]: 2 };
    const hidden = Object.defineProperty({ a: 1 }, 'b', { value: 2, enumerable: false });
    const odd: unknown[] = [
      Object.create(null),
      symbolKeyed,
      hidden,
      JSON.parse('{"__proto__":{"x":1},"a":"b"}'),
      JSON.parse('{"constructor":1,"a":"b"}'),
      { constructor: () => {} },
      new Date(0),
      new Map(),
      [],
      ['a'],
      null,
      'a',
    ];
    const records = [z.record(z.string(), z.unknown()), z.record(z.string(), z.string())];
    for (const record of records) expect(wireCheckOf(record)).toBeDefined();
    disagreements.length = 0;
    for (const value of odd) for (const record of records) expectAgreement(record, value);
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.jsonValue())), (value) => {
        const before = disagreements.length;
        for (const record of records) expectAgreement(record, value);
        return disagreements.length === before;
      }),
      runs(300),
    );
    expect(disagreements.slice(0, 5)).toEqual([]);
  });

  it('agree with zod on every fixture line against every wire schema, and on each value in it against the schema nested there', () => {
    expect(LINES.length).toBeGreaterThan(1000);
    accepted = 0;
    disagreements.length = 0;
    for (const value of LINES) for (const schema of TOP_SCHEMAS) expectAgreementAlong(schema, value);
    expect(disagreements.slice(0, 5)).toEqual([]);
    // Not a check that rejects everything: most events pass their own schema on the fast path.
    expect(accepted).toBeGreaterThan(LINES.length);
  });

  it('agree with zod on generated junk and on fixture lines with one field changed or removed', () => {
    disagreements.length = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...LINES),
        fc.nat(),
        NEAR_MISSES,
        fc.boolean(),
        (line, at, replacement, remove) => {
          const before = disagreements.length;
          const value = mutateAt(line, at, replacement, remove);
          for (const schema of TOP_SCHEMAS) expectAgreementAlong(schema, value);
          return disagreements.length === before;
        },
      ),
      runs(300),
    );
    fc.assert(
      fc.property(fc.oneof(NEAR_MISSES, fc.jsonValue()), (value) => {
        const before = disagreements.length;
        for (const schema of ALL_SCHEMAS) expectAgreement(schema, value);
        return disagreements.length === before;
      }),
      runs(200),
    );
    expect(disagreements.slice(0, 5)).toEqual([]);
    expect(comparisons).toBeGreaterThan(0);
  });
});
