import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { z } from 'zod';
import { AWKWARD_TOKENS } from './arbitraries.js';

/**
 * A fast-check arbitrary of candidate *inputs* for a zod 4 schema, built from the schema's own definition
 * (objects, strings with their length and regex checks, numbers with their bounds, enums, literals, arrays,
 * unions, records, optional/nullable/default, pipes). Refinements (`.refine`) are not modelled: a string or
 * array node keeps only candidates its own schema accepts, and `schemaValues` keeps only what the whole
 * schema accepts. `words` (such as the string leaves of a contract's examples) are offered for every
 * string, so rules across fields (an outgoing transition id) are met often enough. No zod-4 generator on npm is maintained (`zod-fast-check` targets zod 3), hence this one.
 */
export function inputArbitrary(
  schema: z.ZodType,
  depth = 0,
  words: readonly string[] = [],
): fc.Arbitrary<unknown> {
  const def = (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
  const accepted = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T> =>
    hasChecks(def, 'custom') ? arbitrary.filter((value) => schema.safeParse(value).success) : arbitrary;
  switch (def.type) {
    case 'string':
      return accepted(stringArbitrary(def, metaOf(schema), words));
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'never':
    case 'undefined':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    case 'optional':
      return fc.option(inputArbitrary(def.innerType as z.ZodType, depth, words), { nil: undefined });
    case 'nullable':
      return fc.option(inputArbitrary(def.innerType as z.ZodType, depth, words), { nil: null });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inputArbitrary(def.innerType as z.ZodType, depth, words);
    case 'lazy':
      return depth > 3
        ? fc.constant(undefined)
        : inputArbitrary((def.getter as () => z.ZodType)(), depth + 1);
    case 'pipe': {
      // A preprocess (`in` is a transform) takes what its `out` takes; any other pipe what its `in` takes.
      const inner = def.in as z.ZodType;
      const innerType = (inner as unknown as { _zod: { def: ZodDef } })._zod.def.type;
      return inputArbitrary(innerType === 'transform' ? (def.out as z.ZodType) : inner, depth, words);
    }
    case 'union':
      return fc.oneof(
        ...(def.options as z.ZodType[]).map((option) => inputArbitrary(option, depth + 1, words)),
      );
    case 'array':
      return accepted(arrayArbitrary(def, depth, words));
    case 'record':
      return accepted(
        fc.dictionary(
          inputArbitrary(def.keyType as z.ZodType, depth + 1, words) as fc.Arbitrary<string>,
          inputArbitrary(def.valueType as z.ZodType, depth + 1, words),
          { maxKeys: 3 },
        ),
      );
    case 'object':
      return objectArbitrary(def, depth, words);
    default:
      throw new Error(`inputArbitrary: zod type "${def.type}" is not modelled; add it here`);
  }
}

/**
 * Candidates for schema-valid values: what the schema outputs for a generated input, or `undefined` when it
 * refuses it (the property skips those with `fc.pre`, so a sparse schema costs skips, never a hang).
 */
export function schemaValues<T>(
  schema: z.ZodType<T>,
  words: readonly string[] = [],
): fc.Arbitrary<T | undefined> {
  return inputArbitrary(schema, 0, words).map((candidate) => canonicalValue(schema, candidate));
}

/** The schema's output for `candidate` when that output is canonical (parsing it again gives it back). */
export function canonicalValue<T>(schema: z.ZodType<T>, candidate: unknown): T | undefined {
  const parsed = schema.safeParse(candidate);
  if (!parsed.success) return undefined;
  const again = schema.safeParse(parsed.data);
  return again.success && isDeepStrictEqual(again.data, parsed.data) ? parsed.data : undefined;
}

interface ZodDef {
  readonly type: string;
  readonly checks?: readonly { readonly _zod: { readonly def: Record<string, unknown> } }[];
  readonly [key: string]: unknown;
}

function checksOf(def: ZodDef): Record<string, unknown>[] {
  return (def.checks ?? []).map((check) => check._zod.def);
}

function hasChecks(def: ZodDef, kind: string): boolean {
  return checksOf(def).some((check) => check.check === kind);
}

function lengthBounds(def: ZodDef): { min: number; max: number } {
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') min = Math.max(min, check.minimum as number);
    if (check.check === 'max_length') max = Math.min(max, check.maximum as number);
  }
  return { min, max };
}

const WORD = fc.stringMatching(/^[a-z][a-z0-9_.-]{0,11}$/);
const PATHLIKE = fc
  .array(fc.stringMatching(/^[a-z][a-z0-9_-]{0,6}$/), { minLength: 1, maxLength: 3 })
  .map((parts) => `${parts.join('/')}.ts`);

/** The JSON Schema hints a schema carries in `.meta()` (a refined string's `pattern`, its length bounds). */
function metaOf(schema: z.ZodType): Record<string, unknown> {
  return (schema as unknown as { meta(): Record<string, unknown> | undefined }).meta() ?? {};
}

function stringArbitrary(
  def: ZodDef,
  meta: Record<string, unknown>,
  words: readonly string[],
): fc.Arbitrary<string> {
  const regex = checksOf(def).find((check) => check.check === 'string_format' && check.pattern);
  if (regex !== undefined) return fc.stringMatching(regex.pattern as RegExp);
  if (typeof meta.pattern === 'string') return fc.stringMatching(new RegExp(meta.pattern));
  const bounds = lengthBounds(def);
  const min = Math.max(bounds.min, typeof meta.minLength === 'number' ? meta.minLength : 0);
  const max = Math.min(
    bounds.max,
    typeof meta.maxLength === 'number' ? meta.maxLength : Number.POSITIVE_INFINITY,
  );
  const awkward = fc
    .array(fc.oneof(fc.constantFrom(...AWKWARD_TOKENS), WORD), { minLength: 1, maxLength: 4 })
    .map((parts) => parts.join(''));
  return fc
    .oneof(
      { weight: 4, arbitrary: WORD },
      { weight: 2, arbitrary: PATHLIKE },
      { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
      { weight: 1, arbitrary: awkward },
      ...(words.length === 0 ? [] : [{ weight: 6, arbitrary: fc.constantFrom(...words) }]),
    )
    .map((text) => (text.length < min ? text.padEnd(min, 'x') : text))
    .map((text) => (text.length > max ? text.slice(0, max) : text));
}

function numberArbitrary(def: ZodDef): fc.Arbitrary<number> {
  let min = -1_000_000;
  let max = 1_000_000;
  // `z.int()` carries its format on the definition itself, `z.number().int()` as a check.
  let integer = String(def.format ?? '').includes('int');
  for (const check of checksOf(def)) {
    if (check.check === 'number_format') integer ||= String(check.format).includes('int');
    if (check.check === 'greater_than') min = (check.value as number) + (check.inclusive ? 0 : 1);
    if (check.check === 'less_than') max = (check.value as number) - (check.inclusive ? 0 : 1);
  }
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function arrayArbitrary(def: ZodDef, depth: number, words: readonly string[]): fc.Arbitrary<unknown[]> {
  const { min, max } = lengthBounds(def);
  return fc.array(inputArbitrary(def.element as z.ZodType, depth + 1, words), {
    minLength: min,
    maxLength: Math.min(max, min + (depth > 2 ? 1 : 3)),
  });
}

function objectArbitrary(
  def: ZodDef,
  depth: number,
  words: readonly string[],
): fc.Arbitrary<Record<string, unknown>> {
  const shape = def.shape as Record<string, z.ZodType>;
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const [key, field] of Object.entries(shape)) {
    fields[key] = inputArbitrary(field, depth + 1, words);
    const type = (field as unknown as { _zod: { def: ZodDef } })._zod.def.type;
    if (type !== 'optional' && type !== 'default' && type !== 'prefault') required.push(key);
  }
  return fc
    .record(fields, { requiredKeys: required })
    .map((record) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)));
}
