// Every built-in contract on untrusted input: extract and validate never throw, a success satisfies the
// contract's own schema, a failure is a typed ProtocolError with a bounded message.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtinContracts } from '../../src/contracts.js';
import { type AnyContract, ProtocolError } from '../../src/index.js';
import {
  anyValue,
  leafReplacement,
  mutated,
  replaceLeaves,
  runs,
  tokenText,
} from './_support/arbitraries.js';
import { expectPlainData, expectPrototypesUntouched, prototypeSnapshot } from './_support/pollution.js';

const CONTRACTS = builtinContracts.list().map((contract) => [contract.id, contract] as const);

/** Words every contract family reacts to, so random text reaches the interesting branches. */
const PROTOCOL_TOKENS = [
  'ACCEPTANCE: PASS',
  'ACCEPTANCE: FAIL',
  'ACCEPTANCE: GATED',
  'FINDINGS:',
  '- ',
  '```',
  '```json',
  '{"acceptance":"pass"}',
  '{"acceptance":"fail","findings":[',
  '{"acceptance":"gated","blocker":{',
  '---RESULT---',
  '---VERDICT---',
  '---END---',
  'STATUS: DONE',
  'STATUS: PASS',
  'SIGNALS: a=b;__proto__=x',
  'CONFIDENCE_SCORE: 85%',
  'zf emit ',
  'gate.failed ',
  "--payload '",
  '--payload-file - <<EOF\n',
  'EOF\n',
  '{"type":"gate.failed","payload":{',
  '"summary":"s"',
  '"dispatch_id":"d"',
  '"__proto__":{"polluted":true}',
] as const;

/** The texts an agent writes for each example, the raw example JSON, and a typed envelope of it. */
function seedsOf(contract: AnyContract): string[] {
  return contract.examples.flatMap((example) => [
    contract.render(example.value),
    `Done.\n${contract.render(example.value)}\n`,
    JSON.stringify(example.value),
    `\`\`\`json\n${JSON.stringify(example.value, null, 2)}\n\`\`\``,
  ]);
}

/** A result honours the contract: a success's value passes the contract's own schema; a failure is typed. */
function expectContractResult(contract: AnyContract, result: unknown): void {
  expect(result).toHaveProperty('success');
  const typed = result as { success: boolean; data?: unknown; error?: unknown };
  if (typed.success) {
    const checked = contract.schema.safeParse(typed.data);
    expect(
      checked.success,
      `${contract.id} returned success with a value its schema rejects: ${checked.error?.message}`,
    ).toBe(true);
    expectPlainData(typed.data);
    return;
  }
  expect(typed.error).toBeInstanceOf(ProtocolError);
  const error = typed.error as ProtocolError;
  expect(typeof error.code).toBe('string');
  expect(error.code).not.toBe('');
  expect(error.message.length).toBeGreaterThan(0);
  expect(error.message.length, `${contract.id}: ${error.code} message is unbounded`).toBeLessThan(8_192);
  expect(() => JSON.stringify(error)).not.toThrow();
}

describe.each(CONTRACTS)('%s on untrusted input', (_id, contract) => {
  const seeds = seedsOf(contract);

  it('extract never throws on mutated answers, and a success satisfies the schema', () => {
    const before = prototypeSnapshot();
    fc.assert(
      fc.property(mutated(seeds, PROTOCOL_TOKENS), (text) => {
        expectContractResult(contract, contract.extract(text));
      }),
      runs(150),
    );
    expectPrototypesUntouched(before);
  });

  it('extract never throws on protocol-shaped noise or on values that are not text', () => {
    const before = prototypeSnapshot();
    fc.assert(
      fc.property(fc.oneof(tokenText(PROTOCOL_TOKENS), anyValue), (input) => {
        expectContractResult(contract, contract.extract(input as string));
      }),
      runs(150),
    );
    expectPrototypesUntouched(before);
  });

  it('validate never throws on arbitrary values or on examples with replaced leaves', () => {
    const before = prototypeSnapshot();
    const examples = contract.examples.map((example) => example.value);
    const variant = fc
      .tuple(fc.constantFrom(...examples), fc.array(fc.tuple(fc.nat(), leafReplacement()), { maxLength: 3 }))
      .map(([value, replacements]) => replaceLeaves(value, replacements));
    fc.assert(
      fc.property(fc.oneof(anyValue, variant), (value) => {
        expectContractResult(contract, contract.validate(value));
      }),
      runs(150),
    );
    expectPrototypesUntouched(before);
  });

  it('every example validates and renders to text the contract extracts', () => {
    for (const example of contract.examples) {
      expectContractResult(contract, contract.validate(example.value));
      expectContractResult(contract, contract.extract(contract.render(example.value)));
    }
  });

  it('extract and validate return exactly a value of the contract schema, with no extra keys', () => {
    for (const example of contract.examples) {
      for (const result of [
        contract.extract(contract.render(example.value)),
        contract.validate(example.value),
      ]) {
        expect(result.success).toBe(true);
        if (!result.success) continue;
        const checked = contract.schema.safeParse(result.data);
        expect(checked.success, `${contract.id} (${example.name}): ${checked.error?.message}`).toBe(true);
      }
    }
  });
});
