// One property per contract, built-in and `defineContract` alike: what the renderer writes from any
// schema-valid value parses back to that value, and nothing the parser accepts fails the schema.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnyContract } from '../../src/contract.js';
import { builtinContracts } from '../../src/contracts.js';
import { defineContract } from '../../src/define-contract.js';
import { leafReplacement, replaceLeaves, runs } from './_support/arbitraries.js';
import { canonicalValue, schemaValues } from './_support/zod-arbitrary.js';

const userContract = defineContract({
  id: 'shop.refund_decision',
  version: '1.0.0',
  title: 'Refund decision',
  description: 'A user contract with the default extract, validate and render.',
  delivery: 'text',
  schema: z.strictObject({
    decision: z.enum(['refund', 'deny', 'escalate']),
    amount: z.number().int().min(0).max(100_000).optional(),
    reasons: z.array(z.string().min(1)).min(1).max(4),
    note: z.string().nullable(),
    tags: z.record(z.string(), z.boolean()).optional(),
  }),
  examples: [{ name: 'refund', value: { decision: 'refund', amount: 10, reasons: ['late'], note: null } }],
});

const CONTRACTS: readonly (readonly [string, AnyContract])[] = [
  ...builtinContracts.list().map((contract) => [contract.id, contract] as const),
  [userContract.id, userContract],
];

/** What a value means, as a CLI prints it: the contract's canonical JSON (Conflux drops `source`). */
function meaning(contract: AnyContract, value: unknown): unknown {
  return JSON.parse(JSON.stringify(contract.toCanonicalJson(value)));
}

function accepts(contract: AnyContract, value: unknown): boolean {
  return contract.schema.safeParse(value).success;
}

/** Every string leaf of a value: the words the generator offers, so cross-field rules are met often. */
function stringLeaves(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const item of value) stringLeaves(item, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.add(key);
      stringLeaves(item, out);
    }
  }
  return out;
}

/**
 * Candidate answers: schema-valid values derived from the schema (offered the examples' words) and from the
 * examples with leaves replaced; `undefined` when the schema refuses the candidate, or when the contract
 * itself rejects the value (`judge`: a maestro fallback the parser returns when no block was written is
 * what no agent renders).
 */
function answers(contract: AnyContract): fc.Arbitrary<unknown> {
  const examples = contract.examples.map((example) => example.value);
  const words = [...stringLeaves(examples)];
  const fromExamples = fc
    .tuple(fc.constantFrom(...examples), fc.array(fc.tuple(fc.nat(), leafReplacement()), { maxLength: 3 }))
    .map(([value, replacements]) => canonicalValue(contract.schema, replaceLeaves(value, replacements)));
  return fc
    .oneof({ weight: 3, arbitrary: schemaValues(contract.schema, words) }, fromExamples)
    .map((value) =>
      value !== undefined && contract.judge({ success: true, data: value }).satisfied ? value : undefined,
    );
}

describe.each(CONTRACTS)('%s', (_id, contract) => {
  it('renders every schema-valid value so that it parses back to that value', () => {
    let checked = 0;
    fc.assert(
      fc.property(answers(contract), (value) => {
        fc.pre(value !== undefined);
        checked++;
        const text = contract.render(value);
        const extracted = contract.extract(text);
        expect(extracted.success, extracted.success ? '' : extracted.error.message).toBe(true);
        if (!extracted.success) return;
        expect(meaning(contract, extracted.data)).toEqual(meaning(contract, value));
        expect(accepts(contract, extracted.data)).toBe(true);
        const validated = contract.validate(contract.toCanonicalJson(value));
        expect(validated.success && meaning(contract, validated.data)).toEqual(meaning(contract, value));
      }),
      { ...runs(60), maxSkipsPerRun: 400 },
    );
    expect(checked).toBe(60);
  });

  it('accepts nothing its schema refuses: every success of extract and validate satisfies the schema', () => {
    const examples = contract.examples.map((example) => example.value);
    const variant = fc
      .tuple(fc.constantFrom(...examples), fc.array(fc.tuple(fc.nat(), leafReplacement()), { maxLength: 4 }))
      .map(([value, replacements]) => replaceLeaves(value, replacements));
    fc.assert(
      fc.property(variant, fc.constantFrom('', 'Done.\n', '```\nx\n```\n'), (value, prefix) => {
        const validated = contract.validate(value);
        if (validated.success) expect(accepts(contract, validated.data)).toBe(true);
        const asJson = contract.extract(`${prefix}${JSON.stringify(value)}`);
        if (asJson.success) expect(accepts(contract, asJson.data)).toBe(true);
        if (!validated.success) return;
        const rendered = contract.extract(`${prefix}${contract.render(validated.data)}`);
        if (rendered.success) expect(accepts(contract, rendered.data)).toBe(true);
      }),
      runs(150),
    );
  });
});
