import { describe, expect, it } from 'vitest';
import { compareCodePoints, toAsciiLowerCase } from '../../src/text/ascii.js';
import { toWellFormedText } from '../../src/text/well-formed.js';
import {
  isBlank,
  isUnicodeWhitespace,
  splitUnicodeWhitespace,
  trimUnicodeWhitespace,
} from '../../src/text/whitespace.js';

/** Unicode White_Space (PropList.txt), which Rust's `char::is_whitespace` implements. */
const WHITE_SPACE = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005,
  0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
];

describe('isUnicodeWhitespace', () => {
  it('is exactly the White_Space set over the BMP', () => {
    const found: number[] = [];
    for (let code = 0; code <= 0xffff; code++) if (isUnicodeWhitespace(code)) found.push(code);
    expect(found).toEqual(WHITE_SPACE);
  });

  it('agrees with \\s except where JavaScript and Rust differ (U+0085, U+FEFF)', () => {
    for (let code = 0; code <= 0xffff; code++) {
      if (code === 0x85 || code === 0xfeff) continue;
      expect(isUnicodeWhitespace(code), code.toString(16)).toBe(/\s/.test(String.fromCharCode(code)));
    }
  });
});

describe('trimUnicodeWhitespace / splitUnicodeWhitespace / isBlank', () => {
  it.each([
    ['  a b  ', 'a b'],
    ['\u0085a\u0085', 'a'],
    ['\ufeffa\ufeff', '\ufeffa\ufeff'],
    ['\u3000\t', ''],
    ['abc', 'abc'],
  ] as const)('trims %j to %j', (text, expected) => {
    expect(trimUnicodeWhitespace(text)).toBe(expected);
  });

  it('returns the same string when nothing is trimmed', () => {
    const text = 'unchanged';
    expect(trimUnicodeWhitespace(text)).toBe(text);
  });

  it.each([
    [' a  b\u2003c\n', ['a', 'b', 'c']],
    ['', []],
    ['   ', []],
    ['one', ['one']],
  ] as const)('splits %j into %j', (text, expected) => {
    expect(splitUnicodeWhitespace(text)).toEqual(expected);
  });

  it.each([
    ['', true],
    [' \u00a0\n', true],
    [' x ', false],
    ['\ufeff', false],
  ] as const)('isBlank(%j) = %j', (text, expected) => {
    expect(isBlank(text)).toBe(expected);
  });
});

describe('toAsciiLowerCase', () => {
  it.each([
    ['PASS', 'pass'],
    ['MiXeD 123', 'mixed 123'],
    ['BLOC\u212aED', 'bloc\u212aed'],
    ['ÉTÉ', 'ÉtÉ'],
    ['already lower', 'already lower'],
  ] as const)('%j -> %j', (text, expected) => {
    expect(toAsciiLowerCase(text)).toBe(expected);
  });
});

describe('compareCodePoints', () => {
  it('orders by code point (UTF-8 byte order), unlike the default UTF-16 sort', () => {
    const values = ['\uffff', '😀', 'a', 'B', '\ue000'];
    expect([...values].sort(compareCodePoints)).toEqual(['B', 'a', '\ue000', '\uffff', '😀']);
    expect([...values].sort()).not.toEqual([...values].sort(compareCodePoints));
    const bytes = (text: string) => [...new TextEncoder().encode(text)];
    const byByteOrder = [...values].sort((left, right) => {
      const [a, b] = [bytes(left), bytes(right)];
      for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
      return a.length - b.length;
    });
    expect([...values].sort(compareCodePoints)).toEqual(byByteOrder);
  });
});

describe('toWellFormedText', () => {
  it('replaces lone surrogates and keeps pairs', () => {
    expect(toWellFormedText('a\ud800b\udc00')).toBe('a\ufffdb\ufffd');
    expect(toWellFormedText('😀')).toBe('😀');
  });
});
