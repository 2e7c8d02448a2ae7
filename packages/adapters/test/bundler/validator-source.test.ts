// The generated validator against zod itself: for every contract shipped (the built-ins, the contract
// `skillpack init` writes, and user-shaped contracts with unions, defaults, checks and refinements), every
// schema nested in one, their examples, values taken from them and mutations of those, the generated
// predicate holds exactly when `schema.safeParse` accepts the value and outputs it unchanged (the same keys in
// the same order, the same values); a schema it cannot compile exactly falls back, with the reason.
import { defineContract } from '@skillpack/core';
import { builtinContracts } from '@skillpack/core/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ValidatorHolds, validatorSourceOf } from '../../src/bundler/validator-source.js';
import { STOP_HOOK_DIALECTS } from '../../src/stop-hook-dialects.js';
import { CODEX_STOP, readSampleJson } from '../hooks/_samples.js';
import { runs } from '../properties/_support/core-support.js';

/** `skillpack init`'s contract (skill-gen `init/scaffold.ts`), as a user's pack carries it. */
const initContract = defineContract({
  id: 'my-pack.review',
  version: '1.0.0',
  title: 'Review verdict',
  description: 'Whether the change may merge.',
  delivery: 'text',
  schema: z.strictObject({
    verdict: z.enum(['approve', 'request_changes']).describe('approve, or request_changes'),
    reasons: z.array(z.string().min(1)).min(1).describe('One sentence per reason'),
  }),
  examples: [
    { name: 'approve', value: { verdict: 'approve', reasons: ['The tests cover the change.'] } },
    {
      name: 'request-changes',
      value: { verdict: 'request_changes', reasons: ['The new branch has no test.'] },
    },
  ],
});

const Finding = z.object({
  id: z.string().regex(/^F-\d+$/),
  severity: z.union([z.literal('high'), z.literal('low'), z.null()]),
  line: z.number().int().min(1).optional(),
  score: z.number().gt(0).lte(10).nullable(),
  tags: z.array(z.string().max(3)).max(2).default([]),
});

/** User-shaped contracts: a discriminated union of strict, strip and loose objects, plain unions, checks. */
const userContracts = [
  defineContract({
    id: 'acme.triage',
    version: '1.0.0',
    title: 'Triage',
    description: 'A discriminated union.',
    delivery: 'text',
    schema: z.discriminatedUnion('status', [
      z.strictObject({ status: z.literal('done'), findings: z.array(Finding).min(1) }),
      z.object({ status: z.literal('blocked'), reason: z.string().min(2).startsWith('because') }),
      z.looseObject({ status: z.enum(['skipped', 'later']), note: z.string().optional() }),
    ]),
    examples: [
      {
        name: 'done',
        value: {
          status: 'done',
          findings: [{ id: 'F-1', severity: 'high', line: 3, score: 2.5, tags: ['a'] }],
        },
      },
      { name: 'blocked', value: { status: 'blocked', reason: 'because 😀 the build is red' } },
      { name: 'skipped', value: { status: 'skipped', note: 'n', extra: 1 } },
    ],
  }),
  defineContract({
    id: 'acme.union',
    version: '1.0.0',
    title: 'Union',
    description: 'A plain union whose first option strips what the second keeps.',
    delivery: 'text',
    schema: z.union([
      z.object({ a: z.string() }),
      z.strictObject({ a: z.string(), b: z.number().int() }),
      z.array(z.union([z.string().length(2), z.boolean(), z.number().nonnegative()])),
    ]),
    examples: [
      { name: 'one', value: { a: 'x' } },
      { name: 'two', value: { a: 'x', b: 2 } as never },
      // Two code points, three UTF-16 units: the compiled check must count lengths as zod does.
      { name: 'list', value: ['ab', true, 0, 'é😀'] as never },
    ],
  }),
  defineContract({
    id: 'acme.refined',
    version: '1.0.0',
    title: 'Refined',
    description: 'A refinement: zod alone knows it.',
    delivery: 'text',
    schema: z.object({ from: z.number(), to: z.number() }).refine((value) => value.from <= value.to),
    examples: [{ name: 'range', value: { from: 1, to: 2 } }],
  }),
  defineContract({
    id: 'acme.transformed',
    version: '1.0.0',
    title: 'Transformed',
    description: 'A transform: zod alone knows it.',
    delivery: 'text',
    schema: z.object({ name: z.string().trim() }),
    examples: [{ name: 'name', value: { name: 'x' } }],
  }),
];

const CONTRACTS = [...builtinContracts.list(), initContract, ...userContracts];

interface Internals {
  readonly _zod: { readonly def: Record<string, unknown> };
}

/** The schemas a schema is built from: object fields, union options, array elements, wrapped types. */
function children(schema: z.ZodType): z.ZodType[] {
  const def = (schema as unknown as Internals)._zod.def;
  const out: unknown[] = [];
  if (def.shape) out.push(...Object.values(def.shape as Record<string, unknown>));
  if (Array.isArray(def.options)) out.push(...def.options);
  out.push(def.innerType, def.element, def.catchall, def.in, def.out);
  return out.filter((child): child is z.ZodType => child instanceof z.ZodType);
}

function nested(schema: z.ZodType, seen = new Set<z.ZodType>()): Set<z.ZodType> {
  if (seen.has(schema)) return seen;
  seen.add(schema);
  for (const child of children(schema)) nested(child, seen);
  return seen;
}

/** Same keys in the same order and the same values (`Object.is`): zod's output is the value unchanged. */
function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length || keysA.some((key, i) => key !== keysB[i])) return false;
  return keysA.every((key) => same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

function acceptsUnchanged(schema: z.ZodType, value: unknown): boolean {
  const parsed = schema.safeParse(value);
  return parsed.success && same(parsed.data, value);
}

/** Every value inside `value` (itself included). */
function parts(value: unknown, out: unknown[] = []): unknown[] {
  out.push(value);
  if (typeof value === 'object' && value !== null)
    for (const child of Object.values(value)) parts(child, out);
  return out;
}

const EXAMPLES: unknown[] = CONTRACTS.flatMap((contract) =>
  contract.examples.map((example) => example.value),
);
const PARTS: unknown[] = EXAMPLES.flatMap((example) => parts(example));
const KEYS: string[] = [
  ...new Set(PARTS.flatMap((part) => (typeof part === 'object' && part !== null ? Object.keys(part) : []))),
];

const awkward = fc.constantFrom<unknown>(
  '',
  ' ',
  'a',
  'ab',
  '😀',
  '\ud800',
  'F-1',
  'because x',
  'approve',
  0,
  -0,
  1,
  1.5,
  -1,
  10,
  2 ** 53,
  1e308,
  Number.POSITIVE_INFINITY,
  Number.NaN,
  null,
  true,
  false,
  [],
  {},
  undefined,
);
const replacement: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PARTS) },
  { weight: 3, arbitrary: awkward },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

type Edit =
  | { readonly kind: 'replace'; readonly at: number; readonly value: unknown }
  | { readonly kind: 'delete' | 'reverse' | 'duplicate'; readonly at: number }
  | { readonly kind: 'add'; readonly at: number; readonly key: string; readonly value: unknown };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: replacement }),
  fc.record({
    kind: fc.constantFrom('delete' as const, 'reverse' as const, 'duplicate' as const),
    at: fc.nat(),
  }),
  fc.record({
    kind: fc.constant('add' as const),
    at: fc.nat(),
    key: fc.oneof(fc.constantFrom(...KEYS, '__proto__', 'extra'), fc.string({ maxLength: 3 })),
    value: replacement,
  }),
);

/** A deep copy of `value` with `edits` applied, each at a container or value chosen by its `at`. */
function edited(value: unknown, edits: readonly Edit[]): unknown {
  let root: unknown = structuredClone(value);
  for (const change of edits) {
    const slots: { parent?: Record<string, unknown> | unknown[]; key?: string; value: unknown }[] = [];
    const walk = (current: unknown, parent?: Record<string, unknown> | unknown[], key?: string) => {
      slots.push({ parent, key, value: current });
      if (typeof current === 'object' && current !== null)
        for (const [k, child] of Object.entries(current)) walk(child, current as Record<string, unknown>, k);
    };
    walk(root);
    const slot = slots[change.at % slots.length]!;
    const target = slot.value;
    const set = (next: unknown) => {
      if (slot.parent === undefined) root = next;
      else (slot.parent as Record<string, unknown>)[slot.key!] = next;
    };
    if (change.kind === 'replace') set(structuredClone(change.value));
    else if (change.kind === 'delete' && slot.parent !== undefined) {
      if (Array.isArray(slot.parent)) slot.parent.splice(Number(slot.key), 1);
      else delete slot.parent[slot.key!];
    } else if (typeof target === 'object' && target !== null) {
      if (Array.isArray(target)) {
        if (change.kind === 'reverse') target.reverse();
        else if (change.kind === 'duplicate' && target.length > 0) target.push(structuredClone(target[0]));
        else if (change.kind === 'add') target.push(structuredClone(change.value));
      } else {
        const entries = Object.entries(target);
        if (change.kind === 'reverse') set(Object.fromEntries(entries.reverse()));
        else if (change.kind === 'duplicate') set(JSON.parse(JSON.stringify(target)));
        else if (change.kind === 'add') {
          // `__proto__` as JSON.parse makes it: an own key.
          const copy = JSON.parse(JSON.stringify(target)) as Record<string, unknown>;
          Object.defineProperty(copy, change.key, {
            value: structuredClone(change.value),
            enumerable: true,
            writable: true,
            configurable: true,
          });
          set(copy);
        }
      }
    }
  }
  return root;
}

function compiledOf(
  schema: z.ZodType,
  holds: ValidatorHolds = 'unchanged',
): ((value: unknown) => boolean) | undefined {
  const source = validatorSourceOf(schema, holds);
  // The source as a bundle carries it: an expression in a scope of its own.
  return source.compiled
    ? (new Function(`return ${source.source};`)() as (value: unknown) => boolean)
    : undefined;
}

const ALL_SCHEMAS = [...new Set(CONTRACTS.flatMap((contract) => [...nested(contract.schema)]))];
const COMPILED = ALL_SCHEMAS.flatMap((schema) => {
  const check = compiledOf(schema);
  return check ? [{ schema, check }] : [];
});

describe('validatorSourceOf', () => {
  it('compiles the contracts without refinements and transforms, and says why it does not compile the others', () => {
    const outcome = Object.fromEntries(
      CONTRACTS.map((contract) => {
        const source = validatorSourceOf(contract.schema);
        return [contract.id, source.compiled ? 'compiled' : source.reason];
      }),
    );
    expect(outcome['my-pack.review']).toBe('compiled');
    expect(outcome['acme.triage']).toBe('compiled');
    expect(outcome['acme.union']).toBe('compiled');
    expect(outcome['acme.refined']).toMatch(/custom/);
    expect(outcome['acme.transformed']).toMatch(/overwrite/);
    // Every built-in refines its schema (`superRefine`): each falls back to zod, saying so.
    for (const contract of builtinContracts.list()) expect(outcome[contract.id]).toMatch(/^it uses /);
  });

  it('counts string lengths in code points, as zod does (an example may not hold a value zod rejects)', () => {
    const union = CONTRACTS.find((contract) => contract.id === 'acme.union')!;
    const check = compiledOf(union.schema)!;
    for (const value of [['😀'], ['é😀'], ['abc']])
      expect(check(value), JSON.stringify(value)).toBe(acceptsUnchanged(union.schema, value));
    expect(check(['😀'])).toBe(false);
  });

  it('compiles most of the schemas the built-ins are made of', () => {
    expect(COMPILED.length).toBeGreaterThan(ALL_SCHEMAS.length / 2);
  });

  it('accepts every example of a compiled contract', () => {
    for (const contract of CONTRACTS) {
      const check = compiledOf(contract.schema);
      if (!check) continue;
      for (const example of contract.examples) {
        expect(check(example.value), `${contract.id} ${example.name}`).toBe(
          acceptsUnchanged(contract.schema, example.value),
        );
      }
    }
  });

  it('agrees with safeParse on every value taken from an example, at every nested schema', () => {
    let accepted = 0;
    for (const { schema, check } of COMPILED) {
      for (const value of PARTS) {
        const expected = acceptsUnchanged(schema, value);
        if (expected) accepted++;
        if (check(value) !== expected) expect({ value, got: check(value) }).toEqual({ value, got: expected });
      }
    }
    expect(accepted).toBeGreaterThan(100);
  });

  it('agrees with safeParse on mutated examples, for every compiled schema', () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.constantFrom(...EXAMPLES, ...PARTS),
        fc.array(edit, { minLength: 1, maxLength: 3 }),
        (pick, base, edits) => {
          const { schema, check } = COMPILED[pick % COMPILED.length]!;
          const value = edited(base, edits);
          expect(check(value)).toBe(acceptsUnchanged(schema, value));
        },
      ),
      runs(3000),
    );
  });

  it('agrees with safeParse on mutated examples of each compiled contract', () => {
    for (const contract of CONTRACTS) {
      const check = compiledOf(contract.schema);
      if (!check) continue;
      fc.assert(
        fc.property(
          fc.constantFrom(...contract.examples.map((example) => example.value)),
          fc.array(edit, { minLength: 1, maxLength: 3 }),
          (base, edits) => {
            const value = edited(base, edits);
            expect(check(value)).toBe(acceptsUnchanged(contract.schema, value));
          },
        ),
        runs(1000),
      );
    }
  });

  it('agrees with safeParse on generated JSON', () => {
    fc.assert(
      fc.property(fc.nat(), fc.jsonValue({ maxDepth: 3 }), (pick, value) => {
        const { schema, check } = COMPILED[pick % COMPILED.length]!;
        expect(check(value)).toBe(acceptsUnchanged(schema, value));
      }),
      runs(1000),
    );
  });

  it("calls a plain read's refinements by name: never accepts what safeParse refuses, and agrees on the parser's values", () => {
    const conflux = builtinContracts.get('conflux.acceptance')!;
    const { refinements = {}, validators } = conflux.plainRead!;
    const names = Object.keys(refinements);
    const called = new Map(Object.entries(refinements).map(([name, fn]) => [fn, name]));
    const schemas = Object.entries(validators!()).flatMap(([key, schema]) => {
      const source = validatorSourceOf(schema, 'accepted', called);
      if (!source.compiled) return [];
      const check = new Function(...names, `return ${source.source};`)(...Object.values(refinements)) as (
        value: unknown,
      ) => boolean;
      return [{ key, schema, check }];
    });
    // Without the names, the refined kinds fall back; with them, all but `gated` (its `blocked` transform).
    expect(schemas.map(({ key }) => key)).toEqual([
      'pass',
      'fail',
      'continue',
      'finding',
      'expectation',
      'blocker',
    ]);
    expect(validatorSourceOf(conflux.schema, 'accepted').compiled).toBe(false);
    // What each refinement refuses: untrimmed text, a path that normalises further, a repeated finding id.
    const finding = conflux.examples.find((example) => example.name === 'structured-fail')!.value.findings[0];
    const refused = [
      { ...finding, summary: ' padded' },
      { ...finding, evidence: ['ok', 'trailing '] },
      { ...finding, required_changes: [{ file: './src/a.ts', description: 'd' }] },
      { ...finding, verification: [{ file: 'src/../a.ts', description: 'd' }] },
      { acceptance: 'fail', findings: [finding, finding] },
      { acceptance: 'fail', findings: [finding, { ...finding, summary: 'summary ' }] },
    ];
    for (const value of refused) {
      for (const { key, schema, check } of schemas) {
        expect(check(value), `${key} ${JSON.stringify(value)}`).toBe(schema.safeParse(value).success);
      }
    }
    expect(
      schemas
        .filter(({ key }) => ['finding', 'fail'].includes(key))
        .every(({ check }) => refused.every((value) => !check(value))),
    ).toBe(true);
    const values = [...EXAMPLES, ...PARTS, ...refused];
    let agreed = 0;
    for (const { schema, check } of schemas) {
      for (const value of values) {
        const expected = schema.safeParse(value).success;
        expect(check(value) && !expected, JSON.stringify(value)).toBe(false);
        if (check(value) === expected) agreed++;
      }
    }
    expect(agreed).toBeGreaterThan(values.length * schemas.length * 0.95);
    fc.assert(
      fc.property(
        fc.nat(),
        fc.constantFrom(...conflux.examples.map((example) => example.value), ...PARTS),
        fc.array(edit, { minLength: 1, maxLength: 3 }),
        (pick, base, edits) => {
          const { schema, check } = schemas[pick % schemas.length]!;
          const value = edited(base, edits);
          // The only refusal zod does not make: an array refined with a named check whose elements zod rewrites.
          if (check(value)) expect(schema.safeParse(value).success).toBe(true);
        },
      ),
      runs(3000),
    );
  });

  it('generates plain code: no import, no require, nothing but the predicate', () => {
    const source = validatorSourceOf(initContract.schema);
    if (!source.compiled) throw new Error(source.reason);
    expect(source.source).not.toMatch(/\b(import|require|zod)\b/);
  });

  describe("'accepted': holds exactly when safeParse succeeds, whatever its output", () => {
    /** The Stop-hook payloads' fields a pack hook's fast path checks, and every schema nested in a contract. */
    const PAYLOAD_FIELDS = Object.values(STOP_HOOK_DIALECTS).flatMap((dialect) =>
      dialect?.input.payloadFields ? [dialect.input.payloadFields] : [],
    );
    const ACCEPTING = [...PAYLOAD_FIELDS, ...ALL_SCHEMAS].flatMap((schema) => {
      const check = compiledOf(schema, 'accepted');
      return check ? [{ schema, check }] : [];
    });
    const PAYLOADS = [{ ...readSampleJson('claude', 'hook-stop-input.json') }, { ...CODEX_STOP }];
    const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

    it('compiles the payload fields of the Claude Code and Codex Stop hooks', () => {
      expect(PAYLOAD_FIELDS.length).toBe(2);
      for (const schema of PAYLOAD_FIELDS) expect(compiledOf(schema, 'accepted')).toBeDefined();
    });

    it('agrees with safeParse on mutated payloads and examples, at every compiled schema', () => {
      fc.assert(
        fc.property(
          fc.nat(),
          fc.constantFrom(...PAYLOADS, ...EXAMPLES, ...PARTS),
          fc.array(edit, { minLength: 1, maxLength: 3 }),
          (pick, base, edits) => {
            const { schema, check } = ACCEPTING[pick % ACCEPTING.length]!;
            const value = edited(base, edits);
            expect(check(value)).toBe(accepts(schema, value));
          },
        ),
        runs(3000),
      );
    });

    it('agrees with safeParse on mutated payloads, for each payload schema', () => {
      for (const schema of PAYLOAD_FIELDS) {
        const check = compiledOf(schema, 'accepted')!;
        let accepted = 0;
        fc.assert(
          fc.property(
            fc.constantFrom(...PAYLOADS),
            fc.array(edit, { minLength: 1, maxLength: 3 }),
            (base, edits) => {
              const value = edited(base, edits);
              if (accepts(schema, value)) accepted++;
              expect(check(value)).toBe(accepts(schema, value));
            },
          ),
          runs(1000),
        );
        expect(accepted).toBeGreaterThan(50);
      }
    });
  });
});
