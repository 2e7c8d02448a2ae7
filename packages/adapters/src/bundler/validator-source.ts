import type { z } from 'zod';

// A contract's schema compiled at build time into the source of a plain predicate, so that a generated hook or
// plugin can validate a value without loading zod. The predicate is read from the schema's own `_zod.def` (a
// derived definition, not a second one) and answers "does `schema.safeParse` accept this value and output it
// unchanged, as the same JSON text, key order included?". A value it refuses goes to zod, which words the
// correction. Kinds it cannot compile exactly (refinements, transforms, records, lazy schemas, most string
// formats …) make the whole schema fall back to zod, with the reason. `test/bundler/validator-source.test.ts`
// holds it to `safeParse` on every contract shipped.

/** The generated predicate's source (an expression whose value is `(value) => boolean`), or why there is none. */
export type ValidatorSource =
  | { readonly compiled: true; readonly source: string }
  | { readonly compiled: false; readonly reason: string };

interface Internals {
  readonly def: { readonly type: string; readonly [key: string]: unknown };
  readonly traits: ReadonlySet<string>;
  readonly optin?: string;
  readonly optout?: string;
  readonly propValues?: Record<string, ReadonlySet<unknown>>;
}

class Unsupported extends Error {}

function internalsOf(schema: unknown): Internals {
  const zod = (schema as { _zod?: Internals } | undefined)?._zod;
  if (!zod || typeof zod.def?.type !== 'string' || !(zod.traits instanceof Set))
    throw new Unsupported('a value that is not a zod 4 schema');
  return zod;
}

/** Formats whose zod check is exactly a test of `def.pattern`. */
const PATTERN_FORMATS = new Set([
  'regex',
  'lowercase',
  'uppercase',
  'datetime',
  'date',
  'time',
  'uuid',
  'guid',
]);

const HELPERS = `function isObj(v) { return typeof v === 'object' && v !== null && !Array.isArray(v); }
function isIndex(k) { return /^(?:0|[1-9][0-9]*)$/.test(k) && Number(k) < 4294967295; }
function cpl(s) { let n = s.length; for (let i = 0; i < s.length - 1; i++) { if ((s.charCodeAt(i) & 0xfc00) === 0xd800 && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) { n--; i++; } } return n; }`;

/** One compiled node: the names of its two predicates (`u`: accepted unchanged; `a`: accepted at all). */
interface Node {
  readonly u: string;
  readonly a: string;
}

class Generator {
  private readonly lines: string[] = [];
  private readonly done = new Map<object, Node>();
  private readonly inProgress = new Set<object>();
  private next = 0;

  private name(): number {
    return this.next++;
  }

  private emit(line: string): void {
    this.lines.push(line);
  }

  literalOf(value: unknown): string {
    if (value === undefined) return 'undefined';
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Unsupported('a non-finite literal');
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      return JSON.stringify(value);
    throw new Unsupported(`a ${typeof value} literal`);
  }

  constructor(private readonly refinements: ReadonlyMap<unknown, string>) {}

  private checks(
    internals: Internals,
    schema: object,
  ): { kind: string; def: Record<string, unknown>; run: unknown }[] {
    const own = internals.traits.has('$ZodCheck') ? [schema] : [];
    const listed = (internals.def.checks as readonly unknown[] | undefined) ?? [];
    return [...own, ...listed].map((check) => {
      const zod = (check as { _zod: { def: Record<string, unknown>; check?: unknown } })._zod;
      return { kind: String(zod.def.check), def: zod.def, run: zod.check };
    });
  }

  /**
   * A refinement whose function is one of `refinements` (named by the expression that reaches it where the
   * predicate runs): `.refine(fn)` holds when `fn(v)` is truthy, `.check(fn)` when `fn` adds no issue.
   */
  private customTest(def: Record<string, unknown>, run: unknown): string {
    if (def.when !== undefined) throw new Unsupported('a refinement with a condition');
    const refined = this.refinements.get(def.fn);
    if (typeof def.fn === 'function' && refined !== undefined) return `!!${refined}(v)`;
    const checked = this.refinements.get(run);
    if (typeof run !== 'function' || checked === undefined) throw new Unsupported('the check custom');
    return `((p) => (${checked}(p), p.issues.length === 0))({ value: v, issues: [] })`;
  }

  private lengthTest(kind: string, def: Record<string, unknown>, length: string): string {
    switch (kind) {
      case 'min_length':
        return `${length} >= ${Number(def.minimum)}`;
      case 'max_length':
        return `${length} <= ${Number(def.maximum)}`;
      case 'length_equals':
        return `${length} === ${Number(def.length)}`;
      default:
        throw new Unsupported(`the check ${kind}`);
    }
  }

  private stringTests(internals: Internals, schema: object): string[] {
    const tests = ['typeof v === "string"'];
    for (const { kind, def, run } of this.checks(internals, schema)) {
      if (kind === 'custom') tests.push(this.customTest(def, run));
      else if (kind === 'string_format') {
        const format = String(def.format);
        if (format === 'starts_with') tests.push(`v.startsWith(${JSON.stringify(def.prefix)})`);
        else if (format === 'ends_with') tests.push(`v.endsWith(${JSON.stringify(def.suffix)})`);
        else if (format === 'includes')
          tests.push(
            `v.includes(${JSON.stringify(def.includes)}${typeof def.position === 'number' ? `, ${def.position}` : ''})`,
          );
        else if (PATTERN_FORMATS.has(format) && def.pattern instanceof RegExp) {
          const pattern = def.pattern;
          const id = this.name();
          this.emit(
            `const re${id} = new RegExp(${JSON.stringify(pattern.source)}, ${JSON.stringify(pattern.flags)});`,
          );
          tests.push(`(re${id}.lastIndex = 0, re${id}.test(v))`);
        } else throw new Unsupported(`the string format ${format}`);
      } else tests.push(this.lengthTest(kind, def, 'cpl(v)'));
    }
    return tests;
  }

  private numberTests(internals: Internals, schema: object): string[] {
    const tests = ['typeof v === "number"', 'Number.isFinite(v)'];
    for (const { kind, def } of this.checks(internals, schema)) {
      if (kind === 'greater_than' || kind === 'less_than') {
        if (typeof def.value !== 'number') throw new Unsupported(`a ${kind} bound that is not a number`);
        const op = kind === 'greater_than' ? (def.inclusive ? '>=' : '>') : def.inclusive ? '<=' : '<';
        tests.push(`v ${op} ${this.literalOf(def.value)}`);
      } else if (kind === 'number_format') {
        const format = String(def.format);
        if (format === 'safeint') tests.push('Number.isSafeInteger(v)');
        else if (format === 'int32') tests.push('Number.isInteger(v) && v >= -2147483648 && v <= 2147483647');
        else if (format === 'uint32') tests.push('Number.isInteger(v) && v >= 0 && v <= 4294967295');
        else if (format === 'float64') continue;
        else throw new Unsupported(`the number format ${format}`);
      } else throw new Unsupported(`the number check ${kind}`);
    }
    return tests;
  }

  /** A node whose two predicates are the same test of `v`. */
  private simple(test: string): Node {
    const id = this.name();
    this.emit(`function u${id}(v) { return ${test}; }`);
    return { u: `u${id}`, a: `u${id}` };
  }

  private object(internals: Internals): Node {
    const def = internals.def;
    const shape = def.shape as Record<string, unknown>;
    if (Object.getOwnPropertySymbols(shape).length > 0) throw new Unsupported('an object with symbol keys');
    const catchall = def.catchall === undefined ? undefined : internalsOf(def.catchall);
    const mode =
      catchall === undefined
        ? 'strip'
        : catchall.def.type === 'never'
          ? 'strict'
          : catchall.def.type === 'unknown' || catchall.def.type === 'any'
            ? 'loose'
            : undefined;
    if (mode === undefined) throw new Unsupported(`an object whose other keys must be ${catchall?.def.type}`);
    if (catchall && (catchall.def.checks as unknown[] | undefined)?.length)
      throw new Unsupported('a catchall with checks');
    const keys = Object.keys(shape);
    if (keys.includes('__proto__')) throw new Unsupported('an object with a __proto__ key');
    const fields = keys.map((key) => ({ key, node: this.compile(shape[key]), zod: internalsOf(shape[key]) }));
    const id = this.name();
    const index = `idx${id}`;
    this.emit(`const ${index} = new Map(${JSON.stringify(keys.map((key, i) => [key, i]))});`);
    for (const which of ['u', 'a'] as const) {
      const body: string[] = ['if (!isObj(v)) return false;'];
      if (which === 'u' || mode === 'strict') {
        // zod walks `for…in`; its output holds the shape's keys in shape order, then the other keys (an object
        // lists integer keys first whatever the order they were set in).
        body.push('let last = -1, other = false;');
        body.push('for (const k in v) {');
        body.push(`  const i = ${index}.get(k);`);
        if (which === 'u') {
          body.push('  if (i === undefined) {');
          body.push(
            mode === 'loose'
              ? '    if (k === "__proto__") return false; if (!isIndex(k)) other = true; continue;'
              : '    return false;',
          );
          body.push('  }');
          body.push('  if (isIndex(k)) continue;');
          body.push('  if (other || i <= last) return false;');
          body.push('  last = i;');
        } else body.push('  if (i === undefined) return false;');
        body.push('}');
      }
      for (const { key, node, zod } of fields) {
        const k = JSON.stringify(key);
        const present = `${node[which]}(v[${k}])`;
        let absent: string;
        if (which === 'u') absent = zod.optin === 'optional' && zod.optout === 'optional' ? 'true' : 'false';
        else if (zod.optout === 'optional' && zod.optin !== undefined) absent = 'true';
        else if (zod.optin === undefined) absent = 'false';
        else absent = `${node.a}(undefined)`;
        body.push(`if (!(${k} in v ? ${present} : ${absent})) return false;`);
      }
      body.push('return true;');
      this.emit(`function ${which}${id}(v) { ${body.join(' ')} }`);
    }
    return { u: `u${id}`, a: `a${id}` };
  }

  private union(internals: Internals): Node {
    const options = (internals.def.options as readonly unknown[]).map((option) => this.compile(option));
    const id = this.name();
    if (internals.traits.has('$ZodDiscriminatedUnion')) {
      if (internals.def.unionFallback) throw new Unsupported('a discriminated union with a fallback');
      const discriminator = String(internals.def.discriminator);
      const byValue = new Map<unknown, number>();
      (internals.def.options as readonly unknown[]).forEach((option, i) => {
        const values = internalsOf(option).propValues?.[discriminator];
        if (!values) throw new Unsupported('a discriminated union option without a literal discriminator');
        for (const value of values) {
          if (byValue.has(value)) throw new Unsupported('a discriminated union whose options share a value');
          byValue.set(value, i);
        }
      });
      for (const which of ['u', 'a'] as const) {
        const cases = [...byValue].map(
          ([value, i]) => `case ${this.literalOf(value)}: return ${options[i]![which]}(v);`,
        );
        this.emit(
          `function ${which}${id}(v) { if (!isObj(v)) return false; switch (v[${JSON.stringify(discriminator)}]) { ${cases.join(' ')} default: return false; } }`,
        );
      }
      return { u: `u${id}`, a: `a${id}` };
    }
    if (internals.traits.has('$ZodXor') || internals.def.inclusive === false)
      throw new Unsupported('an exclusive union');
    // zod returns the first option that accepts the value: that option must output it unchanged.
    this.emit(
      `function u${id}(v) { ${options.map((option) => `if (${option.a}(v)) return ${option.u}(v);`).join(' ')} return false; }`,
    );
    this.emit(
      `function a${id}(v) { return ${options.map((option) => `${option.a}(v)`).join(' || ') || 'false'}; }`,
    );
    return { u: `u${id}`, a: `a${id}` };
  }

  private kind(schema: object, internals: Internals): Node {
    const { def, traits } = internals;
    if (def.coerce) throw new Unsupported('coercion');
    const checks = this.checks(internals, schema);
    const checked = (kinds: readonly string[]) => {
      if (checks.length > 0 && !kinds.includes(def.type))
        throw new Unsupported(`a check (${checks.map((c) => c.kind).join(', ')}) on ${def.type}`);
    };
    checked(['string', 'number', 'array']);
    switch (def.type) {
      case 'unknown':
      case 'any':
        return this.simple('true');
      case 'never':
        return this.simple('false');
      case 'null':
        return this.simple('v === null');
      case 'undefined':
        return this.simple('v === undefined');
      case 'string':
        if (!traits.has('$ZodString')) throw new Unsupported('a string subclass');
        return this.simple(this.stringTests(internals, schema).join(' && '));
      case 'number':
        if (!traits.has('$ZodNumber')) throw new Unsupported('a number subclass');
        return this.simple(this.numberTests(internals, schema).join(' && '));
      case 'boolean':
        return this.simple('typeof v === "boolean"');
      case 'literal':
        return this.simple(
          (def.values as readonly unknown[]).map((value) => `v === ${this.literalOf(value)}`).join(' || ') ||
            'false',
        );
      case 'enum': {
        const values = Object.values(def.entries as Record<string, unknown>);
        if (!values.every((value) => typeof value === 'string'))
          throw new Unsupported('an enum with numbers');
        return this.simple(values.map((value) => `v === ${this.literalOf(value)}`).join(' || ') || 'false');
      }
      case 'optional':
      case 'nullable': {
        if (traits.has('$ZodExactOptional')) throw new Unsupported('an exact optional');
        const inner = this.compile(def.innerType);
        const innerZod = internalsOf(def.innerType);
        const empty = def.type === 'optional' ? 'undefined' : 'null';
        if (def.type === 'optional' && innerZod.optin === 'defaulted')
          throw new Unsupported('an optional default');
        const id = this.name();
        this.emit(`function u${id}(v) { return v === ${empty} || ${inner.u}(v); }`);
        this.emit(`function a${id}(v) { return v === ${empty} || ${inner.a}(v); }`);
        return { u: `u${id}`, a: `a${id}` };
      }
      case 'default': {
        const inner = this.compile(def.innerType);
        const id = this.name();
        this.emit(`function u${id}(v) { return v !== undefined && ${inner.u}(v); }`);
        this.emit(`function a${id}(v) { return v === undefined || ${inner.a}(v); }`);
        return { u: `u${id}`, a: `a${id}` };
      }
      case 'array': {
        const element = this.compile(def.element);
        const refined = checks.some(({ kind }) => kind === 'custom');
        const tests = checks.map(({ kind, def: check, run }) =>
          kind === 'custom' ? this.customTest(check, run) : this.lengthTest(kind, check, 'v.length'),
        );
        const id = this.name();
        for (const which of ['u', 'a'] as const) {
          // A refinement sees zod's output: it runs on the value only where every element is output unchanged.
          const each = refined ? element.u : element[which];
          this.emit(
            `function ${which}${id}(v) { if (!Array.isArray(v)) return false; for (let i = 0; i < v.length; i++) if (!${each}(v[i])) return false; return ${tests.map((test) => `(${test})`).join(' && ') || 'true'}; }`,
          );
        }
        return { u: `u${id}`, a: `a${id}` };
      }
      case 'union':
        return this.union(internals);
      case 'object':
        return this.object(internals);
      default:
        throw new Unsupported(`a ${def.type} schema`);
    }
  }

  compile(schema: unknown): Node {
    if (typeof schema !== 'object' || schema === null) throw new Unsupported('a value that is not a schema');
    const known = this.done.get(schema);
    if (known) return known;
    if (this.inProgress.has(schema)) throw new Unsupported('a schema that contains itself');
    this.inProgress.add(schema);
    const node = this.kind(schema, internalsOf(schema));
    this.inProgress.delete(schema);
    this.done.set(schema, node);
    return node;
  }

  source(root: Node, holds: ValidatorHolds): string {
    const predicate = holds === 'unchanged' ? root.u : root.a;
    const lines = reachedFrom(predicate, [...HELPERS.split('\n'), ...this.lines]);
    return `(() => {\n${lines.join('\n')}\nreturn ${predicate};\n})()`;
  }
}

/**
 * The `lines` (each declares one name: `function n(…` or `const n = …`) that `name` reaches through the names
 * they mention, in their order: the generator writes both predicates of every node, and a module that carries
 * the source parses all it holds. A word that only looks like a name (in a string) keeps a line, never drops one.
 */
function reachedFrom(name: string, lines: readonly string[]): string[] {
  const declaring = new Map<string, number>();
  lines.forEach((line, index) => {
    const declared = /^(?:function ([\w$]+)\(|const ([\w$]+) =)/.exec(line);
    if (declared) declaring.set((declared[1] ?? declared[2])!, index);
  });
  const kept = new Set<number>();
  const pending = [name];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const index = declaring.get(next);
    if (index === undefined || kept.has(index)) continue;
    kept.add(index);
    pending.push(...(lines[index]!.match(/[A-Za-z_$][\w$]*/g) ?? []));
  }
  const declarations = new Set(declaring.values());
  return lines.filter((_, index) => kept.has(index) || !declarations.has(index));
}

/**
 * When the predicate holds: `unchanged`, when `schema.safeParse(value)` succeeds with an output that is the
 * value itself (the same JSON text); `accepted`, when it succeeds at all (whatever the output).
 */
export type ValidatorHolds = 'unchanged' | 'accepted';

/**
 * The source of a predicate that holds exactly when `schema.safeParse(value)` succeeds (with an output that is
 * the value itself, for `unchanged`); or, for a schema it cannot compile exactly, the reason. `refinements`
 * names the refinement functions it may call (each by an expression that reaches it where the predicate runs);
 * an array refined with one holds only where zod outputs its elements unchanged (it may then refuse a value zod
 * accepts, never accept one zod refuses).
 */
export function validatorSourceOf(
  schema: z.ZodType,
  holds: ValidatorHolds = 'unchanged',
  refinements: ReadonlyMap<unknown, string> = new Map(),
): ValidatorSource {
  const generator = new Generator(refinements);
  try {
    return { compiled: true, source: generator.source(generator.compile(schema), holds) };
  } catch (error) {
    if (error instanceof Unsupported) return { compiled: false, reason: `it uses ${error.message}` };
    throw error;
  }
}
