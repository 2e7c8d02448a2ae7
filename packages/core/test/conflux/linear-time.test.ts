import { describe, expect, it } from 'vitest';
import { createVerdictDetector, parseAcceptanceOutput } from '../../src/conflux/index.js';
import { fixtureUnwrap } from './_support.js';

const MB = 2 ** 20;

/** Inputs that would trip a backtracking or quadratic scanner, each built to about `bytes` long. */
const PATHOLOGICAL: readonly (readonly [string, (bytes: number) => string])[] = [
  [
    'prose lines',
    (bytes) => 'Checking the retry branch of src/a.ts, nothing decided yet.\n'.repeat(bytes / 60),
  ],
  ['one line of decoration', (bytes) => '*_'.repeat(bytes / 2)],
  ['one line of braces', (bytes) => '{'.repeat(bytes)],
  ['brace-wrapped acceptance text', (bytes) => `{${'"acceptance" '.repeat(bytes / 13)}}`],
  ['fence toggles', (bytes) => '```\nx\n'.repeat(bytes / 6)],
  ['near-miss markers', (bytes) => '## **ACCEPTANCE: PASSED**\n'.repeat(bytes / 26)],
  ['legacy findings', (bytes) => `ACCEPTANCE: FAIL\nFINDINGS:\n${'- item\n'.repeat(bytes / 7)}`],
  ['escapes', (bytes) => `{"acceptance":"pass","s":"${'\\u0041\\"'.repeat(bytes / 8)}x`],
  [
    'unwrappable events',
    (bytes) =>
      `${JSON.stringify({ type: 'assistant', message: { content: [{ type: 'text', text: 'working on it' }] } })}\n`.repeat(
        bytes / 90,
      ),
  ],
];

/** The faster of two runs: robust against a loaded machine, still exposing superlinear work. */
function timeOf(run: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 2; round++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

describe('linear time', () => {
  it.each(PATHOLOGICAL)(
    'parses 20 MB of %s without a verdict quickly and in proportion to size',
    (_label, build) => {
      const small = build(5 * MB);
      const large = build(20 * MB);
      // No line bound here: long single lines must still be scanned in linear time.
      const parse = (text: string) =>
        parseAcceptanceOutput(text, { unwrapLine: fixtureUnwrap, maxLineLength: Number.POSITIVE_INFINITY });
      const smallTime = Math.max(
        timeOf(() => parse(small)),
        20,
      );
      const largeTime = timeOf(() => parse(large));
      expect(largeTime).toBeLessThan(10_000);
      // Four times the input; allow slack for GC and timer noise, far below quadratic (16×).
      expect(largeTime / smallTime).toBeLessThan(8);
    },
    120_000,
  );

  it('streams one 20 MB line in 64 KiB chunks without quadratic buffering', () => {
    const line = 'x'.repeat(20 * MB);
    const detector = createVerdictDetector({ maxLineLength: Number.POSITIVE_INFINITY });
    const elapsed = timeOf(() => {
      for (let start = 0; start < line.length; start += 65_536)
        detector.push(line.slice(start, start + 65_536));
      detector.end();
    });
    expect(elapsed).toBeLessThan(3_000);
  }, 60_000);
});
