import { describe, expect, it } from 'vitest';
import { validateAcceptanceBlocker } from '../../src/conflux/blocker.js';
import { validateFindingEntries, validateRepositoryFinding } from '../../src/conflux/finding.js';
import {
  acceptanceContract,
  createVerdictDetector,
  safeParseAcceptanceOutput,
  validateAcceptanceVerdict,
} from '../../src/conflux/index.js';
import { readJsonVerdictLine } from '../../src/conflux/json-verdict.js';
import { VERDICT_SCHEMA } from '../../src/conflux/resolve-verdict.js';
import { ProtocolError } from '../../src/index.js';
import { fixtureUnwrap } from './_support.js';

const deep = `{"acceptance":"pass","x":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;

/** Untrusted output of every awkward shape; `bytes` marks invalid UTF-8. */
const JUNK = [
  ['undefined', undefined],
  ['null', null],
  ['empty', ''],
  ['open brace', '{'],
  ['array', []],
  ['array text', '["pass"]'],
  ['number', 42],
  ['NaN', Number.NaN],
  ['object', { acceptance: 'pass' }],
  ['5 MB single line', 'x'.repeat(5 * 2 ** 20)],
  ['5 MB verdict-shaped line', `{"acceptance":"fail","findings":["${'a'.repeat(5 * 2 ** 20)}"`],
  ['deeply nested JSON', deep],
  ['deeply nested event', `{"type":"assistant","message":${'['.repeat(100_000)}${']'.repeat(100_000)}}`],
  [
    '__proto__ keys',
    '{"acceptance":"gated","blocker":{"__proto__":{"polluted":true},"category":"__proto__"}}',
  ],
  ['constructor keys', '{"acceptance":"fail","findings":[{"constructor":{"prototype":{"polluted":true}}}]}'],
  ['invalid UTF-8', Uint8Array.of(0xff, 0xfe, 0xc3, 0x28, 0x0a, 0xed, 0xa0, 0x80, 0xf4, 0x90, 0x80, 0x80)],
  ['lone surrogates', '\ud800ACCEPTANCE: PASS\udc00\n{"acceptance":"\ud800"}'],
  ['CRLF only', '\r\n\r\n\r'],
  ['NUL bytes', '\0\0{"acceptance":"pass"}\0'],
  ['fence storm', '```\n'.repeat(1000)],
  ['marker storm', 'ACCEPTANCE: FAIL\nFINDINGS:\n'.repeat(1000)],
] as const;

function expectNotPolluted() {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
}

describe('junk never throws and always yields a typed result', () => {
  it.each(JUNK)('safeParseAcceptanceOutput: %s', (_label, junk) => {
    for (const unwrapLine of [undefined, fixtureUnwrap]) {
      const result = safeParseAcceptanceOutput(junk as string, { unwrapLine });
      if (!result.success) {
        expect(result.error).toBeInstanceOf(ProtocolError);
        expect(['missing_verdict', 'bare_blocker', 'malformed_finding']).toContain(result.error.code);
        expect(result.error.message.length).toBeLessThan(2_000);
        expect(() => JSON.stringify(result.error)).not.toThrow();
      }
    }
    expectNotPolluted();
  });

  it.each(JUNK)('the detector agrees with the parser on %s', (_label, junk) => {
    const detector = createVerdictDetector({ unwrapLine: fixtureUnwrap });
    const chunks =
      typeof junk === 'string'
        ? [junk.slice(0, 7), junk.slice(7)]
        : junk instanceof Uint8Array
          ? [junk]
          : [junk];
    for (const chunk of chunks) detector.push(chunk as string);
    expect(detector.end()).toEqual(safeParseAcceptanceOutput(junk as string, { unwrapLine: fixtureUnwrap }));
    expectNotPolluted();
  });

  it.each(JUNK)('validators and the contract: %s', (_label, junk) => {
    for (const result of [
      validateAcceptanceVerdict(junk),
      acceptanceContract.validate(junk),
      acceptanceContract.extract(junk as string),
    ]) {
      if (!result.success) expect(result.error).toBeInstanceOf(ProtocolError);
    }
    expect(validateAcceptanceBlocker(junk, VERDICT_SCHEMA.keys.blocker).success).toBe(false);
    expect(validateRepositoryFinding(junk, VERDICT_SCHEMA.keys).success).toBe(false);
    expect(validateFindingEntries(Array.isArray(junk) ? junk : [junk], VERDICT_SCHEMA.keys).success).toBe(
      typeof junk === 'string' || Array.isArray(junk),
    );
    if (typeof junk === 'string') readJsonVerdictLine(junk);
    expectNotPolluted();
  });

  it('reads the specific junk cases as expected', () => {
    expect(safeParseAcceptanceOutput(deep)).toMatchObject({
      success: false,
      error: { code: 'missing_verdict' },
    });
    expect(safeParseAcceptanceOutput(JUNK[13][1])).toMatchObject({
      success: false,
      error: {
        code: 'bare_blocker',
        details: { rejection: { kind: 'unsupported_category', category: '__proto__' } },
      },
    });
    expect(safeParseAcceptanceOutput(JUNK[14][1])).toMatchObject({
      success: false,
      error: { code: 'malformed_finding', details: { rejection: { kind: 'missing_id' } } },
    });
    expect(safeParseAcceptanceOutput(JUNK[16][1] as string)).toMatchObject({
      success: false,
      error: { code: 'missing_verdict' },
    });
    expect(safeParseAcceptanceOutput(JUNK[18][1] as string)).toMatchObject({ success: false });
    expect(safeParseAcceptanceOutput(JUNK[20][1] as string)).toEqual({
      success: true,
      data: { acceptance: 'fail', findings: [], source: 'legacy' },
    });
  });
});
