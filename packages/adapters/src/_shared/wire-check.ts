import type { z } from 'zod';
import { inlineAs, objectCheck, orNull, orUndefined, type WireCheck } from './wire-object-check.js';

// A wire schema compiled into a plain predicate: the same definition, read from the schema's own `_zod.def`,
// never a second one written by hand. A reader validates every event of a 50 MB run; zod's parse of a loose
// object copies every key of every event (`handleCatchall`), work the reader throws away, since a loose
// object's output is its input. The predicate answers "does the schema accept this value unchanged?" for
// the kinds the wire schemas use (loose objects, unions, arrays, optional/nullable, string, number, boolean,
// literal, string enum, unknown, records of string keys) and is not built for anything else (checks, formats,
// coercion, transforms, strip or strict objects, other records, lazy schemas): those, and every value it
// rejects, go to zod, so a rejected value gets zod's own error. `test/wire-check.test.ts` proves it agrees
// with `safeParse` on every fixture line and on generated junk.

export type { WireCheck } from './wire-object-check.js';

interface SchemaInternals {
  readonly _zod: {
    readonly def: {
      readonly type: string;
      readonly checks?: readonly unknown[];
      readonly coerce?: boolean;
      readonly [key: string]: unknown;
    };
    readonly traits: ReadonlySet<string>;
  };
}

const ACCEPT_ALL: WireCheck = () => true;
const isString = inlineAs(
  (value) => typeof value === 'string',
  (x) => `typeof ${x} === "string"`,
);
const isNumber = inlineAs(
  (value) => typeof value === 'number' && Number.isFinite(value),
  (x) => `(typeof ${x} === "number" && Number.isFinite(${x}))`,
);
const isBoolean = inlineAs(
  (value) => typeof value === 'boolean',
  (x) => `typeof ${x} === "boolean"`,
);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** zod's own `isPlainObject` (core `util.ts`), which a record asks of its input. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false;
  const ctor = (value as { constructor?: unknown }).constructor;
  if (ctor === undefined || typeof ctor !== 'function') return true;
  const prototype = (ctor as { prototype?: unknown }).prototype;
  return isObject(prototype) && Object.hasOwn(prototype, 'isPrototypeOf');
}

function compileRecord(def: SchemaInternals['_zod']['def'], seen: Set<object>): WireCheck | undefined {
  // Only `z.record(z.string(), …)`: any string key, none enumerated, no loose or partial mode.
  const key = internals(def.keyType);
  if (def.mode !== undefined || def.partial || !key || key.def.type !== 'string') return undefined;
  if (!key.traits.has('$ZodString') || key.def.checks?.length || key.def.format !== undefined)
    return undefined;
  if (key.traits.has('$ZodCheck') || (key as { values?: unknown }).values !== undefined) return undefined;
  const check = compile(def.valueType, seen);
  if (!check) return undefined;
  return (value) => {
    // zod builds the record's output on a plain `{}`: another prototype comes out changed.
    if (!isPlainObject(value) || Object.getPrototypeOf(value) !== Object.prototype) return false;
    // zod copies own enumerable string keys and drops `__proto__`; an enumerable symbol key fails the key schema.
    for (const symbol of Object.getOwnPropertySymbols(value))
      if (Object.prototype.propertyIsEnumerable.call(value, symbol)) return false;
    for (const name of Object.keys(value)) {
      if (name === '__proto__') return false;
      if (check !== ACCEPT_ALL && !check(value[name])) return false;
    }
    return true;
  };
}

/** Subclasses whose parse differs from the kind they extend: never compiled. */
const FOREIGN_TRAITS = ['$ZodStringFormat', '$ZodNumberFormat', '$ZodExactOptional', '$ZodXor', '$ZodCheck'];

let compiled = new WeakMap<object, WireCheck | null>();

/**
 * Values checked (in this process) before the checks of loose objects are compiled again, as generated code
 * (`wire-object-check.ts`): a short read (a hook's transcript, a small run) compiles no code from strings, a
 * long one reads its events with checks V8 can specialise.
 */
export const GENERATE_AFTER_CHECKS = 2000;
let checksRun = 0;
let generating = false;

function internals(schema: unknown): SchemaInternals['_zod'] | undefined {
  const zod = (schema as Partial<SchemaInternals> | undefined)?._zod;
  return zod && typeof zod.def?.type === 'string' && zod.traits instanceof Set ? zod : undefined;
}

function compileLiteral(values: readonly unknown[]): WireCheck | undefined {
  if (values.length === 1 && typeof values[0] === 'string') {
    const only = values[0];
    return inlineAs(
      (value) => value === only,
      (x) => `${x} === ${JSON.stringify(only)}`,
    );
  }
  const set = new Set(values);
  return (value) => set.has(value);
}

function compileObject(def: SchemaInternals['_zod']['def'], seen: Set<object>): WireCheck | undefined {
  // Only a loose object outputs its input unchanged: a strip object drops keys, a strict one rejects them.
  const catchall = internals(def.catchall);
  if (!catchall || !(catchall.def.type === 'unknown' || catchall.def.type === 'any')) return undefined;
  if (catchall.def.checks?.length) return undefined;
  const shape = def.shape as Record<string, unknown>;
  const keys: string[] = [];
  const checks: WireCheck[] = [];
  for (const key of Object.keys(shape)) {
    if (key === '__proto__') return undefined;
    const check = compile(shape[key], seen);
    if (!check) return undefined;
    // `unknown` fields accept anything, absent included: nothing to look at.
    if (check === ACCEPT_ALL) continue;
    keys.push(key);
    checks.push(check);
  }
  return objectCheck(keys, checks, generating);
}

/**
 * A union's options, or `ACCEPT_ALL` when one accepts anything. They stay loops, never generated: one call site
 * tries them all, where V8 inlines the loop's one function but would call each generated one.
 */
function compileOptions(
  list: readonly unknown[],
  seen: Set<object>,
): readonly WireCheck[] | WireCheck | undefined {
  const outer = generating;
  generating = false;
  try {
    const options: WireCheck[] = [];
    for (const option of list) {
      const check = compile(option, seen);
      if (!check) return undefined;
      if (check === ACCEPT_ALL) return ACCEPT_ALL;
      options.push(check);
    }
    return options;
  } finally {
    generating = outer;
  }
}

function compileKind(schema: object, seen: Set<object>): WireCheck | undefined {
  const zod = internals(schema);
  if (!zod) return undefined;
  const { def, traits } = zod;
  if (def.checks?.length || def.coerce) return undefined;
  for (const trait of FOREIGN_TRAITS) if (traits.has(trait)) return undefined;
  switch (def.type) {
    case 'unknown':
    case 'any':
      return ACCEPT_ALL;
    case 'string':
      return traits.has('$ZodString') && def.format === undefined ? isString : undefined;
    case 'number':
      return traits.has('$ZodNumber') && def.format === undefined ? isNumber : undefined;
    case 'boolean':
      return traits.has('$ZodBoolean') ? isBoolean : undefined;
    case 'literal':
      return traits.has('$ZodLiteral') ? compileLiteral(def.values as readonly unknown[]) : undefined;
    case 'enum': {
      // An enum of strings only: with numeric entries zod drops their reverse mappings from the values.
      const values = Object.values(def.entries as Record<string, unknown>);
      if (!traits.has('$ZodEnum') || !values.every((v) => typeof v === 'string')) return undefined;
      return compileLiteral(values);
    }
    case 'optional': {
      const inner = traits.has('$ZodOptional') ? compile(def.innerType, seen) : undefined;
      if (!inner) return undefined;
      return inner === ACCEPT_ALL ? ACCEPT_ALL : orUndefined(inner);
    }
    case 'nullable': {
      const inner = traits.has('$ZodNullable') ? compile(def.innerType, seen) : undefined;
      if (!inner) return undefined;
      return inner === ACCEPT_ALL ? ACCEPT_ALL : orNull(inner);
    }
    case 'array': {
      const element = traits.has('$ZodArray') ? compile(def.element, seen) : undefined;
      if (!element) return undefined;
      return (value) => {
        if (!Array.isArray(value)) return false;
        for (let i = 0; i < value.length; i++) if (!element(value[i])) return false;
        return true;
      };
    }
    case 'union': {
      // A discriminated union picks its option by the discriminator's literal, which only that option
      // accepts: "some option accepts" is the same answer. Its fallback to a plain union is that too.
      if (!traits.has('$ZodUnion')) return undefined;
      const options = compileOptions(def.options as readonly unknown[], seen);
      if (options === undefined || typeof options === 'function') return options;
      return (value) => {
        for (const option of options) if (option(value)) return true;
        return false;
      };
    }
    case 'object':
      return traits.has('$ZodObject') ? compileObject(def, seen) : undefined;
    case 'record':
      return traits.has('$ZodRecord') ? compileRecord(def, seen) : undefined;
    default:
      return undefined;
  }
}

function compile(schema: unknown, seen: Set<object>): WireCheck | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const cached = compiled.get(schema);
  if (cached !== undefined) return cached ?? undefined;
  // A schema that contains itself (getters) is left to zod.
  if (seen.has(schema)) return undefined;
  seen.add(schema);
  const check = compileKind(schema, seen);
  seen.delete(schema);
  compiled.set(schema, check ?? null);
  return check;
}

/**
 * The predicate compiled from a wire schema, or `undefined` when the schema uses a kind it does not cover
 * (then every value goes to zod). Compiled once per schema, and once more when the process has checked
 * `GENERATE_AFTER_CHECKS` values.
 */
export function wireCheckOf(schema: z.ZodType): WireCheck | undefined {
  if (!generating && ++checksRun >= GENERATE_AFTER_CHECKS) {
    generating = true;
    compiled = new WeakMap();
  }
  const cached = compiled.get(schema);
  if (cached !== undefined) return cached ?? undefined;
  return compile(schema, new Set());
}
