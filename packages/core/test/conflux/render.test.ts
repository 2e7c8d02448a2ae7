import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCEPTANCE_EXAMPLES } from '../../src/conflux/examples.js';
import {
  createVerdictDetector,
  renderFindingLine,
  renderVerdict,
  safeParseAcceptanceOutput,
} from '../../src/conflux/index.js';
import { AcceptanceVerdictSchema } from '../../src/conflux/schemas.js';
import { verdict } from './_arbitraries.js';

describe('renderVerdict', () => {
  it('writes the JSON verdict then the legacy marker, keys in the seed order', () => {
    expect(renderVerdict({ acceptance: 'pass' })).toBe('{"acceptance":"pass"}\nACCEPTANCE: PASS');
    expect(renderVerdict({ acceptance: 'continue' })).toBe('{"acceptance":"continue"}\nACCEPTANCE: CONTINUE');
    const gated = ACCEPTANCE_EXAMPLES.find((example) => example.name === 'gated')!.value;
    expect(renderVerdict(gated)).toBe(
      '{"acceptance":"gated","blocker":{"category":"credential","evidence":["STAGING_API_KEY is unset in the verification environment"],"unblock_condition":"STAGING_API_KEY is present in the verification environment","next_action":"provision STAGING_API_KEY, then retry acceptance","resumable":true}}\nACCEPTANCE: GATED',
    );
    const fail = renderVerdict({
      acceptance: 'fail',
      findings: [
        {
          verification: [{ description: 'd', file: 't.ts' }],
          required_changes: [{ description: 'd', file: 'a.ts' }],
          evidence: ['e'],
          summary: 's',
          severity: 'major',
          id: 'x',
        },
      ],
    });
    expect(fail.split('\n')[0]).toBe(
      '{"acceptance":"fail","findings":[{"id":"x","severity":"major","summary":"s","evidence":["e"],"required_changes":[{"file":"a.ts","description":"d"}],"verification":[{"file":"t.ts","description":"d"}]}]}',
    );
    expect(fail.split('\n')[1]).toBe('ACCEPTANCE: FAIL');
  });

  it('drops the parser-only source field', () => {
    const parsed = safeParseAcceptanceOutput('ACCEPTANCE: PASS');
    expect(parsed.success && renderVerdict(parsed.data)).toBe('{"acceptance":"pass"}\nACCEPTANCE: PASS');
  });

  it.each(ACCEPTANCE_EXAMPLES.map((example) => [example.name, example.value] as const))(
    'round-trips the %s example',
    (_name, value) => {
      expect(safeParseAcceptanceOutput(renderVerdict(value))).toEqual({
        success: true,
        data: { ...value, source: 'json' },
      });
    },
  );

  it('round-trips every canonical verdict through the parser and the detector', () => {
    fc.assert(
      fc.property(verdict, fc.string({ maxLength: 40 }), (value, prose) => {
        expect(AcceptanceVerdictSchema.safeParse(value).success).toBe(true);
        const text = `${prose.replaceAll('`', "'").replaceAll('~', '-')}\n${renderVerdict(value)}\n`;
        const expected = { success: true, data: { ...value, source: 'json' } };
        expect(safeParseAcceptanceOutput(text)).toEqual(expected);
        const detector = createVerdictDetector();
        detector.push(new TextEncoder().encode(text));
        expect(detector.end()).toEqual(expected);
      }),
      { numRuns: 300, seed: 20261129 },
    );
  });

  it('gives what the parser returns to the schema unchanged', () => {
    fc.assert(
      fc.property(verdict, (value) => {
        const parsed = safeParseAcceptanceOutput(renderVerdict(value));
        if (!parsed.success) throw parsed.error;
        const { source: _source, ...canonical } = parsed.data;
        expect(AcceptanceVerdictSchema.parse(canonical)).toEqual(canonical);
      }),
      { numRuns: 200, seed: 7 },
    );
  });
});

describe('renderFindingLine', () => {
  it('renders a structured finding on one line with every actionable field', () => {
    expect(
      renderFindingLine({
        id: 'x',
        severity: 'minor',
        summary: 's',
        evidence: ['a', 'b'],
        required_changes: [
          { file: 'a.ts', description: 'd1' },
          { file: 'b.ts', description: 'd2' },
        ],
        verification: [{ file: 't.ts', description: 'p' }],
      }),
    ).toBe(
      '[x] (minor) s | evidence: a; b | required_changes: a.ts — d1; b.ts — d2 | verification: t.ts — p',
    );
    expect(renderFindingLine('legacy text')).toBe('legacy text');
  });
});
