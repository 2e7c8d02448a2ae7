import { describe, expect, it } from 'vitest';
import { createVerdictDetector, safeParseAcceptanceOutput } from '../../src/conflux/index.js';
import { readJsonVerdictLine } from '../../src/conflux/json-verdict.js';
import { canonicalVerdictKind } from '../../src/conflux/marker.js';
import { stripMarkdownDecorations } from '../../src/index.js';
import { readConformance } from '../_support/conformance.js';
import { fixtureUnwrap, seededRandom } from './_support.js';

interface DetectorCases {
  canonical_verdict_kind: { line: string; expected: string | null }[];
  strip_markdown_decorations: { input: string; expected: string }[];
  parse_json_verdict: { line: string; expected_kind: string | null; expected_raw_findings?: string[] }[];
  stream_detector_single_line: { cases: { line: string; expected: string | null }[] };
  stream_detector_sequences: { lines: string[]; expected: (string | null)[] }[];
}

const cases = readConformance<DetectorCases>('conflux', 'detector_cases.json');

describe('conformance: detector_cases.json', () => {
  it.each(cases.canonical_verdict_kind.map((c) => [c.line, c.expected] as const))(
    'canonical_verdict_kind(%j) = %j',
    (line, expected) => {
      expect(canonicalVerdictKind(line) ?? null).toBe(expected);
    },
  );

  it.each(cases.strip_markdown_decorations.map((c) => [c.input, c.expected] as const))(
    'strip_markdown_decorations(%j) = %j',
    (input, expected) => {
      expect(stripMarkdownDecorations(input)).toBe(expected);
    },
  );

  it.each(cases.parse_json_verdict.map((c) => [c.line, c] as const))('parse_json_verdict(%j)', (line, c) => {
    const verdict = readJsonVerdictLine(line);
    expect(verdict?.kind ?? null).toBe(c.expected_kind);
    if (c.expected_raw_findings) expect(verdict?.findings).toEqual(c.expected_raw_findings);
  });

  it.each(cases.stream_detector_single_line.cases.map((c) => [c.line, c.expected] as const))(
    'a fresh detector on %j detects %j',
    (line, expected) => {
      const detector = createVerdictDetector({ unwrapLine: fixtureUnwrap });
      expect(detector.push(`${line}\n`)?.kind ?? null).toBe(expected);
    },
  );

  it.each(cases.stream_detector_sequences.map((c, index) => [index, c] as const))(
    'sequence %i keeps fence state across lines',
    (_index, sequence) => {
      const detector = createVerdictDetector({ unwrapLine: fixtureUnwrap });
      const detected = sequence.lines.map((line) => detector.push(`${line}\n`)?.kind ?? null);
      expect(detected).toEqual(sequence.expected);
    },
  );
});

interface ParseCase {
  readonly id: string;
  readonly input: string;
}

const parseCases = readConformance<{ cases: ParseCase[] }>('conflux', 'parse_cases.json').cases;

function detectInChunks(chunks: readonly (string | Uint8Array)[]) {
  const detector = createVerdictDetector({ unwrapLine: fixtureUnwrap });
  for (const chunk of chunks) detector.push(chunk);
  return detector.end();
}

function splitAt<T extends string | Uint8Array>(whole: T, offsets: readonly number[]): T[] {
  const parts: T[] = [];
  let start = 0;
  for (const offset of [...offsets, whole.length]) {
    parts.push(whole.slice(start, offset) as T);
    start = offset;
  }
  return parts;
}

describe('the streaming detector agrees with the whole-output parser', () => {
  it.each(parseCases.map((c) => [c.id, c] as const))(
    '%s, split at every byte and every character',
    (_id, c) => {
      const expected = safeParseAcceptanceOutput(c.input, { unwrapLine: fixtureUnwrap });
      const bytes = new TextEncoder().encode(c.input);
      for (let offset = 0; offset <= bytes.length; offset++) {
        expect(detectInChunks(splitAt(bytes, [offset])), `byte ${offset}`).toEqual(expected);
      }
      for (let offset = 0; offset <= c.input.length; offset++) {
        expect(detectInChunks(splitAt(c.input, [offset])), `char ${offset}`).toEqual(expected);
      }
    },
  );

  it('agrees for every case at seeded random multi-way splits, one byte at a time, and mixed chunk types', () => {
    const random = seededRandom(0x5eed);
    for (const c of parseCases) {
      const expected = safeParseAcceptanceOutput(c.input, { unwrapLine: fixtureUnwrap });
      const bytes = new TextEncoder().encode(c.input);
      for (let round = 0; round < 20; round++) {
        const offsets = Array.from({ length: 1 + Math.floor(random() * 8) }, () =>
          Math.floor(random() * (bytes.length + 1)),
        ).sort((a, b) => a - b);
        expect(detectInChunks(splitAt(bytes, offsets)), `${c.id} at ${offsets}`).toEqual(expected);
      }
      expect(detectInChunks([...bytes].map((byte) => Uint8Array.of(byte))), c.id).toEqual(expected);
      const lines = c.input
        .split('\n')
        .map((line, index, all) => (index < all.length - 1 ? `${line}\n` : line));
      const mixed = lines.map((line, index) => (index % 2 === 0 ? new TextEncoder().encode(line) : line));
      expect(detectInChunks(mixed), `${c.id} mixed`).toEqual(expected);
    }
  });

  it('keeps a multi-byte character split across chunks intact', () => {
    const text = 'préambule ✓ 🚀\n{"acceptance":"fail","findings":["naïve 🚀 finding"]}\n';
    const bytes = new TextEncoder().encode(text);
    const expected = safeParseAcceptanceOutput(text);
    expect(expected).toMatchObject({ success: true, data: { findings: ['naïve 🚀 finding'] } });
    for (let offset = 0; offset <= bytes.length; offset++) {
      for (let second = offset; second <= bytes.length; second += 3) {
        expect(detectInChunks(splitAt(bytes, [offset, second]))).toEqual(expected);
      }
    }
  });

  it('agrees on invalid UTF-8 split anywhere (replacement characters, as the whole decode gives)', () => {
    const bytes = Uint8Array.from([
      ...new TextEncoder().encode('x \xff'),
      0xc3,
      0x28,
      0xe2,
      0x82,
      0x0a,
      0xf0,
      0x9f,
      ...new TextEncoder().encode('\nACCEPTANCE: FAIL\nFINDINGS:\n- bad '),
      0xff,
      0xfe,
      0x0a,
    ]);
    const expected = safeParseAcceptanceOutput(bytes);
    expect(expected).toMatchObject({
      success: true,
      data: { acceptance: 'fail', findings: ['bad \ufffd\ufffd'] },
    });
    for (let offset = 0; offset <= bytes.length; offset++) {
      expect(detectInChunks(splitAt(bytes, [offset]))).toEqual(expected);
    }
  });
});

describe('createVerdictDetector', () => {
  it('reports a legacy marker at once, then the JSON verdict that overrides it as final', () => {
    const detector = createVerdictDetector();
    expect(detector.push('thinking\nACCEPTANCE: CONTINUE\n')).toEqual({
      kind: 'continue',
      source: 'legacy',
      line: 2,
      final: false,
    });
    expect(detector.result).toBeUndefined();
    expect(detector.push('ACCEPTANCE: PASS\n')).toBeUndefined();
    expect(detector.push('{"acceptance":"pa')).toBeUndefined();
    expect(detector.push('ss"}\n')).toEqual({ kind: 'pass', source: 'json', line: 4, final: true });
    expect(detector.result).toEqual({ success: true, data: { acceptance: 'pass', source: 'json' } });
    expect(detector.push('{"acceptance":"fail"}\n')).toBeUndefined();
    expect(detector.end()).toEqual(detector.result);
  });

  it('decides a legacy verdict only at the end, with the findings collected after it', () => {
    const detector = createVerdictDetector();
    detector.push('ACCEPTANCE: FAIL\nFINDINGS:\n- one\n');
    expect(detector.result).toBeUndefined();
    detector.push('- two');
    expect(detector.end()).toEqual({
      success: true,
      data: { acceptance: 'fail', findings: ['one', 'two'], source: 'legacy' },
    });
    expect(detector.detected).toEqual({ kind: 'fail', source: 'legacy', line: 1, final: true });
    expect(detector.end()).toBe(detector.end());
  });

  it('strips \\r only before \\n, also when the pair is split across chunks', () => {
    const detector = createVerdictDetector();
    detector.push('ACCEPTANCE: PASS\r');
    expect(detector.push('\n')).toMatchObject({ kind: 'pass' });
  });

  it('ignores chunks that are neither text nor bytes', () => {
    const detector = createVerdictDetector();
    for (const junk of [undefined, null, 42, {}, ['ACCEPTANCE: PASS\n']]) {
      expect(detector.push(junk as unknown as string)).toBeUndefined();
    }
    expect(detector.end()).toMatchObject({ success: false, error: { code: 'missing_verdict' } });
  });
});
