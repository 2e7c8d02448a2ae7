import { describe, expect, it } from 'vitest';
import { createVerdictDetector, safeParseAcceptanceOutput } from '../../src/conflux/index.js';
import { DEFAULT_MAX_LINE_LENGTH } from '../../src/conflux/parse-output.js';

const MiB = 2 ** 20;

function detectInChunks(chunks: readonly (string | Uint8Array)[], maxLineLength: number) {
  const detector = createVerdictDetector({ maxLineLength });
  for (const chunk of chunks) detector.push(chunk);
  return detector.end();
}

describe('the line bound', () => {
  it('defaults to 16 Mi code units, like the adapters readers', () => {
    expect(DEFAULT_MAX_LINE_LENGTH).toBe(16 * MiB);
  });

  it('skips longer lines unread, with a warning on success and a note on a missing verdict', () => {
    const output = `${'x'.repeat(30)}\n{"acceptance":"pass","note":"${'y'.repeat(30)}"}\nACCEPTANCE: CONTINUE\n`;
    expect(safeParseAcceptanceOutput(output, { maxLineLength: 25 })).toEqual({
      success: true,
      data: { acceptance: 'continue', source: 'legacy' },
      warnings: [
        {
          code: 'line_too_long',
          message: 'Skipped 2 output line(s) longer than 25 characters; a verdict there is not read.',
          details: { lines: [1, 2], count: 2, maxLineLength: 25 },
        },
      ],
    });
    const missing = safeParseAcceptanceOutput('x'.repeat(30), { maxLineLength: 25 });
    expect(missing.success).toBe(false);
    if (missing.success) return;
    expect(missing.error.details).toEqual({
      lines: 1,
      tail: [],
      skipped: { lines: [1], count: 1, maxLineLength: 25 },
    });
    expect(missing.error.message).toContain('1 line(s) longer than 25 characters were skipped unread');
  });

  it('counts a line without its \\r\\n terminator', () => {
    const line = 'ACCEPTANCE: PASS';
    expect(safeParseAcceptanceOutput(`${line}\r\n`, { maxLineLength: line.length })).toMatchObject({
      success: true,
    });
    expect(safeParseAcceptanceOutput(`${line}\r`, { maxLineLength: line.length }).success).toBe(false);
  });

  it.each([
    [
      'exact fits and one over',
      'ACCEPTANCE: FAIL\nFINDINGS:\n- abcdefghij\n- abcdefghijk\r\n- abcdefghi\r\n- x\n',
    ],
    ['a bare \\r at the bound', 'abcdefghijk\r\nACCEPTANCE: PASSX\r\r\n{"acceptance":"fail"}\r\n'],
    ['long lines around a verdict', `${'z'.repeat(40)}\r\n{"acceptance":"continue"}\n${'q'.repeat(40)}`],
    ['a long unterminated last line', `ACCEPTANCE: PASS\n${'w'.repeat(13)}`],
  ])('agrees with the parser at every split: %s', (_label, output) => {
    for (const limit of [11, 12, 13, 16, 25]) {
      const expected = safeParseAcceptanceOutput(output, { maxLineLength: limit });
      const bytes = new TextEncoder().encode(output);
      for (let first = 0; first <= bytes.length; first++) {
        for (let second = first; second <= bytes.length; second += 5) {
          const chunks = [bytes.slice(0, first), bytes.slice(first, second), bytes.slice(second)];
          expect(detectInChunks(chunks, limit), `limit ${limit} at ${first}/${second}`).toEqual(expected);
        }
      }
    }
  });

  it('keeps memory bounded on a huge line without a newline and still reads what follows', () => {
    const detector = createVerdictDetector({ maxLineLength: MiB });
    const chunk = 'x'.repeat(64 * 1024);
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 512; i++) detector.push(chunk);
    expect(process.memoryUsage().rss - before).toBeLessThan(96 * MiB);
    detector.push('\n{"acceptance":"pass"}\n');
    expect(detector.result).toMatchObject({ success: true, warnings: [{ code: 'line_too_long' }] });
  });
});
