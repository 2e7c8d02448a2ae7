// Payload contracts (ZaoFu, Dev Flow) and `zf emit`: what is rendered is extracted back unchanged.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtinContracts } from '../../src/contracts.js';
import { renderZfEmitCommand, safeParseZfEmitCommand, safeParseZfEventLine } from '../../src/zaofu/index.js';
import { leafReplacement, replaceLeaves, runs } from './_support/arbitraries.js';

const PAYLOAD_CONTRACTS = builtinContracts
  .list()
  .filter((contract) => contract.delivery === 'payload')
  .map((contract) => [contract.id, contract] as const);

describe.each(PAYLOAD_CONTRACTS)('%s: render then extract', (_id, contract) => {
  it('gives back every valid variant of the examples (leaves replaced, kept when the contract accepts them)', () => {
    const examples = contract.examples.map((example) => example.value);
    const variant = fc
      .tuple(fc.constantFrom(...examples), fc.array(fc.tuple(fc.nat(), leafReplacement()), { maxLength: 4 }))
      .map(([value, replacements]) => replaceLeaves(value, replacements));
    let checked = 0;
    fc.assert(
      fc.property(variant, (value) => {
        const valid = contract.validate(value);
        // Only canonical values round-trip exactly: what validation would rewrite is not rendered as is.
        if (!valid.success || !isDeepStrictEqual(valid.data, value)) return;
        checked++;
        const text = contract.render(value);
        const extracted = contract.extract(text);
        expect(extracted.success, extracted.success ? '' : extracted.error.message).toBe(true);
        if (extracted.success) expect(extracted.data).toEqual(value);
        const prose = contract.extract(`Emitting the event now.\n${text}\nDone.\n`);
        expect(prose.success && prose.data).toEqual(value);
      }),
      runs(200),
    );
    expect(checked).toBeGreaterThan(20);
  });
});

/** Event types as the kernel spells them: dotted lower-case words. */
const eventType = fc
  .array(fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/), { minLength: 1, maxLength: 3 })
  .map((words) => words.join('.'));

/** JSON objects with any Unicode (lone surrogates included), quotes, `'` and shell metacharacters. */
const payload = fc
  .dictionary(
    fc.oneof(fc.string({ unit: 'binary', maxLength: 8 }), fc.constantFrom("'", '$(rm -rf /)', '`id`', 'a b')),
    fc.jsonValue({ stringUnit: 'binary', maxDepth: 3 }),
    { maxKeys: 5 },
  )
  .map((object) => JSON.parse(JSON.stringify(object)) as Record<string, unknown>);

describe('zf emit: render then parse the command', () => {
  it('gives back the type and exactly the payload, whatever characters it holds', () => {
    fc.assert(
      fc.property(eventType, payload, (type, value) => {
        const parsed = safeParseZfEmitCommand(renderZfEmitCommand(type, value));
        expect(parsed.success, parsed.success ? '' : parsed.error.message).toBe(true);
        if (!parsed.success) return;
        expect(parsed.data.type).toBe(type);
        expect(parsed.data.payload).toEqual(value);
      }),
      runs(300),
    );
  });

  it('reads an events.jsonl line back as the event it encodes', () => {
    const event = fc.record({
      type: eventType,
      id: fc.stringMatching(/^evt-[0-9a-f]{12}$/),
      ts: fc.constant('2026-01-01T00:00:00Z'),
      actor: fc.option(fc.string({ minLength: 0, maxLength: 6 }), { nil: null }),
      task_id: fc.option(fc.string({ maxLength: 6 }), { nil: null }),
      payload,
      causation_id: fc.constant(null),
      correlation_id: fc.constant(null),
      origin: fc.constant(''),
    });
    fc.assert(
      fc.property(event, (value) => {
        const parsed = safeParseZfEventLine(JSON.stringify(value));
        expect(parsed.success && parsed.data).toEqual(value);
      }),
      runs(200),
    );
  });
});
