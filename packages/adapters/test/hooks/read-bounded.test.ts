import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBoundedText } from '../../src/hooks/read-bounded.js';

async function* chunks(...parts: (string | Uint8Array)[]) {
  yield* parts;
}

describe('readBoundedText', () => {
  it('joins byte chunks that split a UTF-8 sequence', async () => {
    const bytes = new TextEncoder().encode('{"m":"é😀"}');
    const result = await readBoundedText(chunks(bytes.slice(0, 7), bytes.slice(7)), 1024);
    expect(result).toEqual({ success: true, data: '{"m":"é😀"}' });
  });

  it('reads string chunks and a Node stream', async () => {
    expect(await readBoundedText(chunks('{"a":', '1}'), 1024)).toEqual({ success: true, data: '{"a":1}' });
    expect(await readBoundedText(Readable.from([Buffer.from('x')]), 1024)).toEqual({
      success: true,
      data: 'x',
    });
  });

  it('drops a BOM and replaces invalid UTF-8', async () => {
    const result = await readBoundedText(chunks(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0xff, 0x62])), 1024);
    expect(result).toEqual({ success: true, data: 'a\uFFFDb' });
  });

  it('stops at the byte cap with a typed error', async () => {
    let pulled = 0;
    async function* endless() {
      for (;;) {
        pulled++;
        yield new Uint8Array(1000);
      }
    }
    const result = await readBoundedText(endless(), 10_000);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.code).toBe('input_too_large');
    expect(pulled).toBe(11);
  });

  it('turns a stream error into a typed error', async () => {
    async function* broken(): AsyncGenerator<Uint8Array> {
      yield new Uint8Array(1);
      throw new Error('EPIPE');
    }
    const result = await readBoundedText(broken(), 1024);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error).toMatchObject({ code: 'input_unreadable' });
  });
});
