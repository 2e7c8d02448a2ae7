// The fast path's stdin reader decodes exactly as the whole hook's (`readBoundedText`): its text for any
// bytes is the text the whole hook reads, BOMs, invalid and truncated UTF-8 included.
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StdinTap } from '../../src/bin/stdin-tap.js';
import { readBoundedText } from '../../src/hooks/read-bounded.js';
import { runs } from '../properties/_support/core-support.js';

const MAX = 1 << 20;
const BOM = [0xef, 0xbb, 0xbf];
/** Bytes as a hook's stdin carries them: UTF-8 text with a BOM, lone and cut sequences, raw bytes, in chunks. */
const stdinBytes = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary' }).map((text) => [...Buffer.from(text, 'utf8')]),
      fc.constant(BOM),
      fc.constantFrom([0xe2, 0x82], [0xc3], [0xff], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80]),
      fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 4 }),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.map((part) => Uint8Array.from(part)));

async function tapText(chunks: readonly Uint8Array[]) {
  return new StdinTap(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), MAX).whole(MAX);
}

describe('StdinTap', () => {
  it('decodes stdin as the whole hook does', async () => {
    await fc.assert(
      fc.asyncProperty(stdinBytes, async (chunks) => {
        const whole = await readBoundedText(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), MAX);
        expect(whole.success).toBe(true);
        if (whole.success) expect(await tapText(chunks)).toBe(whole.data);
      }),
      runs(1500),
    );
  });

  it.each([
    ['a BOM', [...BOM, 0x7b, 0x7d]],
    ['a BOM alone', BOM],
    ['an invalid byte', [0x7b, 0xff, 0x7d]],
  ])('decodes %s as the whole hook does', async (_, bytes) => {
    const whole = await readBoundedText(Readable.from([Buffer.from(bytes)]), MAX);
    expect(whole).toMatchObject({ success: true });
    if (whole.success) expect(await tapText([Uint8Array.from(bytes)])).toBe(whole.data);
  });
});
