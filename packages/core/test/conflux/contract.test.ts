import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  acceptanceContract,
  confluxContracts,
  type ParsedAcceptanceVerdict,
} from '../../src/conflux/index.js';
import { builtinContracts } from '../../src/contracts.js';
import { ProtocolError } from '../../src/index.js';
import { AWKWARD_TOKENS, replaceLeaves, runs } from '../properties/_support/arbitraries.js';
import { fixtureUnwrap } from './_support.js';

describe('conflux.acceptance contract', () => {
  it('is registered under its id and exported by the family', () => {
    expect(confluxContracts).toContain(acceptanceContract);
    expect(builtinContracts.require('conflux.acceptance')).toBe(acceptanceContract);
    expect(acceptanceContract.delivery).toBe('text');
    expect(acceptanceContract.rules.length).toBeGreaterThan(3);
  });

  it('names the five required examples, each valid and round-tripping through render and extract', () => {
    expect(acceptanceContract.examples.map((example) => example.name)).toEqual([
      'pass',
      'structured-fail',
      'legacy-fail',
      'continue',
      'gated',
    ]);
    for (const example of acceptanceContract.examples) {
      expect(acceptanceContract.schema.parse(example.value)).toEqual(example.value);
      const rendered = acceptanceContract.render(example.value);
      expect(acceptanceContract.extract(rendered)).toEqual({
        success: true,
        data: { ...example.value, source: 'json' },
      });
      expect(acceptanceContract.validate(JSON.parse(rendered.split('\n')[0]!))).toEqual({
        success: true,
        data: { ...example.value, source: 'json' },
      });
    }
  });

  it('returns values its own schema accepts exactly, while producers never see the source field', () => {
    const parsed = acceptanceContract.extract('ACCEPTANCE: FAIL\nFINDINGS:\n- x');
    expect(parsed.success && acceptanceContract.schema.parse(parsed.data)).toEqual({
      acceptance: 'fail',
      findings: ['x'],
      source: 'legacy',
    });
    expect(acceptanceContract.schema.safeParse({ acceptance: 'pass', source: 'stdout' }).success).toBe(false);
    expect(JSON.stringify(acceptanceContract.toJSONSchema())).not.toContain('"source"');
  });

  it('extracts with the unwrapper it is given', () => {
    const line = JSON.stringify({ type: 'result', result: '{"acceptance":"pass"}', is_error: false });
    expect(acceptanceContract.extract(line).success).toBe(false);
    const result = acceptanceContract.extract(line, { unwrapLine: fixtureUnwrap });
    expect(result).toEqual({ success: true, data: { acceptance: 'pass', source: 'json' } });
    if (result.success) expectTypeOf(result.data).toExtend<{ acceptance: string }>();
    expectTypeOf<ParsedAcceptanceVerdict>().toExtend<{ source: 'json' | 'legacy' }>();
  });

  it('validates decoded values with the parser rules, not the closed schema', () => {
    expect(acceptanceContract.validate({ acceptance: ' PASS ', note: 'kept out' })).toEqual({
      success: true,
      data: { acceptance: 'pass', source: 'json' },
    });
    const bare = acceptanceContract.validate({ acceptance: 'gated' });
    expect(bare.success || bare.error.code).toBe('bare_blocker');
    const notVerdict = acceptanceContract.validate({ verdict: 'pass' });
    expect(notVerdict.success || notVerdict.error.code).toBe('missing_verdict');
  });

  it('validates a decoded value exactly as it reads the JSON line that value is (serde_json rules included)', () => {
    // Claude's structured_output is the final message's JSON decoded: a value the line read refuses (a lone
    // surrogate, which serde_json cannot decode) must not be a verdict there either.
    const examples = acceptanceContract.examples.map((example) => example.value);
    const leaf = fc.oneof(
      fc.constantFrom('pass', 'fail', 'src/a.ts', 'x', ...AWKWARD_TOKENS),
      fc
        .array(fc.constantFrom('a', ...AWKWARD_TOKENS), { minLength: 1, maxLength: 3 })
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...examples),
        fc.array(fc.tuple(fc.nat(), leaf), { maxLength: 3 }),
        (example, replacements) => {
          const value = replaceLeaves(example, replacements);
          const validated = acceptanceContract.validate(value);
          const read = acceptanceContract.extract(JSON.stringify(value));
          expect(validated.success).toBe(read.success);
          if (validated.success && read.success) expect(validated.data).toEqual(read.data);
          if (!validated.success && !read.success) expect(validated.error.code).toBe(read.error.code);
        },
      ),
      runs(300),
    );
    for (const value of [
      { acceptance: 'pass', note: '\ud800' },
      { acceptance: 'fail', findings: ['\udc00a'] },
      { acceptance: 'pass', '\udfff': 1 },
      { acceptance: 'pass', score: Number.NaN },
    ]) {
      const validated = acceptanceContract.validate(value);
      expect(validated.success || validated.error.code).toBe('missing_verdict');
      expect(validated.success || validated.error.message).toContain('serde_json');
    }
    // serde_json's recursion budget: 127 nested arrays and objects decode, 128 do not, in a line or decoded.
    const nested = (levels: number): unknown => (levels === 0 ? 'x' : [nested(levels - 1)]);
    for (const [levels, decodes] of [
      [126, true],
      [127, false],
    ] as const) {
      const value = { acceptance: 'pass', note: nested(levels) };
      expect(acceptanceContract.validate(value).success).toBe(decodes);
      expect(acceptanceContract.extract(JSON.stringify(value)).success).toBe(decodes);
    }
  });

  it('corrects with the acceptance diagnostics', () => {
    const result = acceptanceContract.extract('{"acceptance":"gated"}');
    expect(result.success).toBe(false);
    if (result.success) return;
    const correction = acceptanceContract.correct(result.error);
    expect(correction).toContain('Bare acceptance blocker');
    expect(correction).toContain('ACCEPTANCE: GATED');
    expect(acceptanceContract.correct(new ProtocolError('other', 'odd'))).toContain('odd');
  });
});
