import { describe, expect, it } from 'vitest';
import { asPosix, isWithin, posixParts, resolvePosix } from '../../src/zaofu/_posix-path.js';
import { pyInt, pyRepr, pyStr, pyStrip, pyTruthy, pyTypeName } from '../../src/zaofu/_python.js';

describe('Python semantics used by the kernel checks', () => {
  it.each([
    [['approve', 'reject'], "['approve', 'reject']"],
    ["it's", '"it\'s"'],
    ['a\'b"c', "'a\\'b\"c'"],
    ['tab\tnl\n\u0001\u00a0é', "'tab\\tnl\\n\\x01\\xa0é'"],
    ['\u2028\ud800', "'\\u2028\\ud800'"],
    [{ k: [1, 1.5, true, null] }, "{'k': [1, 1.5, True, None]}"],
    [1e16 + 0.5, '1e+16'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [123.25, '123.25'],
  ] as const)('repr(%j) is %s', (value, repr) => {
    expect(pyRepr(value)).toBe(repr);
  });

  it('str() is the string itself, repr otherwise', () => {
    expect(pyStr('x')).toBe('x');
    expect(pyStr(undefined)).toBe('None');
    expect(pyStr(false)).toBe('False');
  });

  it.each([
    [null, 'NoneType'],
    ['', 'str'],
    [1, 'int'],
    [1.5, 'float'],
    [true, 'bool'],
    [[], 'list'],
    [{}, 'dict'],
  ] as const)('type(%j).__name__ is %s', (value, name) => {
    expect(pyTypeName(value)).toBe(name);
  });

  it('strips Python whitespace, not the BOM', () => {
    expect(pyStrip('\u001c\u0085 x \u3000')).toBe('x');
    expect(pyStrip('\ufeffx')).toBe('\ufeffx');
  });

  it.each([
    [0, false],
    ['', false],
    [[], false],
    [{}, false],
    [null, false],
    ['0', true],
    [[0], true],
  ] as const)('bool(%j) is %s', (value, truthy) => {
    expect(pyTruthy(value)).toBe(truthy);
  });

  it.each([
    [' +7 ', 7],
    ['1_000', 1000],
    ['1__0', undefined],
    ['0x10', undefined],
    [Number.POSITIVE_INFINITY, undefined],
    [-2.7, -2],
    [null, undefined],
  ] as const)('int(%j) is %j', (value, expected) => {
    expect(pyInt(value)).toBe(expected);
  });

  it('does PurePosixPath arithmetic lexically', () => {
    expect(posixParts('//a/./b/')).toEqual(['//', 'a', 'b']);
    expect(posixParts('///a')).toEqual(['/', 'a']);
    expect(asPosix('./a//b/')).toBe('a/b');
    expect(asPosix('')).toBe('.');
    expect(resolvePosix('../../x', '/a')).toBe('/x');
    expect(isWithin('/a/bc', '/a/b')).toBe(false);
    expect(isWithin('/a/b/c', '/a/b')).toBe(true);
  });
});
