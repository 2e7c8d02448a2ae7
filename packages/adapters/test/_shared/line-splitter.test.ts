import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLineSplitter } from '../../src/_shared/line-splitter.js';
import { utf8ByteLength } from '../../src/_shared/utf8.js';

type Seen = ['line', number, string] | ['tooLong', number, number];

function split(chunks: Iterable<string | Uint8Array>, maxLineBytes = 1 << 20): Seen[] {
  const seen: Seen[] = [];
  const splitter = createLineSplitter(maxLineBytes, {
    line: (number, text) => seen.push(['line', number, text]),
    tooLong: (number, bytes) => seen.push(['tooLong', number, bytes]),
  });
  for (const chunk of chunks) {
    if (typeof chunk === 'string') splitter.text(chunk);
    else splitter.bytes(chunk);
  }
  splitter.end();
  return seen;
}

/** `bytes` cut at the given sizes (the rest in one last piece). */
function cutBytes(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  let at = 0;
  for (const cut of cuts) {
    pieces.push(bytes.subarray(at, at + cut));
    at += cut;
  }
  pieces.push(bytes.subarray(at));
  return pieces;
}

describe('createLineSplitter', () => {
  it.each([
    [[''], []],
    [['a'], [['line', 1, 'a']]],
    [['a\n'], [['line', 1, 'a']]],
    [
      ['a\n\n'],
      [
        ['line', 1, 'a'],
        ['line', 2, ''],
      ],
    ],
    [
      ['a\r\nb\r\n'],
      [
        ['line', 1, 'a'],
        ['line', 2, 'b'],
      ],
    ],
    [
      ['a\r', '\nb'],
      [
        ['line', 1, 'a'],
        ['line', 2, 'b'],
      ],
    ],
    [['a\r\r\n'], [['line', 1, 'a\r']]],
    [
      ['ab', 'c', '\nd'],
      [
        ['line', 1, 'abc'],
        ['line', 2, 'd'],
      ],
    ],
    [
      ['\n', '\n'],
      [
        ['line', 1, ''],
        ['line', 2, ''],
      ],
    ],
  ] as const)('%j', (chunks, expected) => {
    expect(split(chunks)).toEqual(expected);
  });

  it('any chunking of the same text gives the same lines', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'binary' }), { maxLength: 20 }),
        fc.array(fc.nat(30)),
        (lines, cuts) => {
          const text = lines.join('\n');
          const chunks: string[] = [];
          let at = 0;
          for (const cut of cuts) {
            chunks.push(text.slice(at, at + cut));
            at += cut;
          }
          chunks.push(text.slice(at));
          expect(split(chunks)).toEqual(split([text]));
        },
      ),
    );
  });

  it('bytes cut anywhere, even inside a character, give the lines of the decoded text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 20 }),
        fc.array(fc.nat(30)),
        (lines, cuts) => {
          const text = lines.join('\n');
          expect(split(cutBytes(Buffer.from(text), cuts))).toEqual(split([text]));
        },
      ),
    );
  });

  it('invalid UTF-8 becomes U+FFFD within its line and never joins lines', () => {
    const bytes = Uint8Array.from([0x61, 0xe2, 0x82, 0x0a, 0xff, 0x62, 0x0a, 0xc3]);
    const expected: Seen[] = [
      ['line', 1, 'a\ufffd'],
      ['line', 2, '\ufffdb'],
      ['line', 3, '\ufffd'],
    ];
    expect(split([bytes])).toEqual(expected);
    expect(split(cutBytes(bytes, [2, 1, 2, 1]))).toEqual(expected);
  });

  it('drops a byte-order mark at the start of the input only, from text or from bytes split inside it', () => {
    const expected: Seen[] = [
      ['line', 1, 'a'],
      ['line', 2, '\ufeffb'],
    ];
    expect(split(['\ufeffa\n\ufeffb'])).toEqual(expected);
    expect(split(cutBytes(Buffer.from('\ufeffa\n\ufeffb'), [1, 1]))).toEqual(expected);
  });

  it('text after bytes ends the bytes: an unfinished character becomes U+FFFD, the line goes on', () => {
    expect(split([Uint8Array.from([0x61, 0xe2, 0x82]), 'b\nc', Buffer.from('d\r\n')])).toEqual([
      ['line', 1, 'a\ufffdb'],
      ['line', 2, 'cd'],
    ]);
  });

  it('a carried byte tail is a copy: the caller may reuse its buffer', () => {
    function* reusedBuffer() {
      const buffer = Buffer.from('ab');
      yield buffer;
      buffer.write('\nx');
      yield buffer;
    }
    expect(split(reusedBuffer())).toEqual([
      ['line', 1, 'ab'],
      ['line', 2, 'x'],
    ]);
  });

  it('a line longer than the limit is reported with its byte size, inside one chunk or across many', () => {
    const long = 'é'.repeat(600);
    const expected: Seen[] = [
      ['line', 1, 'ok'],
      ['tooLong', 2, 1200],
      ['line', 3, 'next'],
    ];
    expect(split([`ok\n${long}\nnext`], 1000)).toEqual(expected);
    const pieces = `ok\n${long}\nnext`.match(/[\s\S]{1,7}/gu) ?? [];
    expect(split(pieces, 1000)).toEqual(expected);
    expect(split([Buffer.from(`ok\n${long}\nnext`)], 1000)).toEqual(expected);
    expect(split(cutBytes(Buffer.from(`ok\n${long}\nnext`), [5, 7, 300, 1]), 1000)).toEqual(expected);
  });

  it('a line of exactly the limit in bytes is kept, one byte more is too long', () => {
    expect(split([Buffer.from('éé\néé!')], 4)).toEqual([
      ['line', 1, 'éé'],
      ['tooLong', 2, 5],
    ]);
    expect(split(['éé\néé!'], 4)).toEqual([
      ['line', 1, 'éé'],
      ['tooLong', 2, 5],
    ]);
  });

  it('a last line over the limit without a newline is reported at the end', () => {
    expect(split(['x'.repeat(50), 'x'.repeat(60)], 100)).toEqual([['tooLong', 1, 110]]);
    expect(split([Buffer.from('x'.repeat(50)), Buffer.from('x'.repeat(60))], 100)).toEqual([
      ['tooLong', 1, 110],
    ]);
  });

  it('a 10 MB line fed in 10 KB pieces is reported once, with its full size', () => {
    const seen = split(
      Array.from({ length: 1000 }, () => 'y'.repeat(10_000)),
      50_000,
    );
    expect(seen).toEqual([['tooLong', 1, 10_000_000]]);
  });
});

describe('utf8ByteLength', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['€', 3],
    ['👩🏽‍💻', Buffer.byteLength('👩🏽‍💻')],
    ['\ud800', 3],
    ['\ud800x', 4],
    ['\udc00', 3],
  ])('%j is %i bytes', (text, bytes) => {
    expect(utf8ByteLength(text)).toBe(bytes);
  });

  it('matches Buffer.byteLength on well-formed text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text));
      }),
    );
  });
});
