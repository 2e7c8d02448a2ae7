import { describe, expect, it } from 'vitest';
import {
  agentTextLines,
  parseJsonObjectLine,
  splitLines,
  stripMarkdownDecorations,
} from '../../src/index.js';

describe('splitLines', () => {
  it.each([
    ['', []],
    ['a', ['a']],
    ['a\n', ['a']],
    ['a\r\nb\r\n', ['a', 'b']],
    ['a\n\nb', ['a', '', 'b']],
  ] as const)('%j', (text, expected) => {
    expect(splitLines(text)).toEqual(expected);
  });
});

describe('agentTextLines', () => {
  it('replaces lines that unwrap with the lines of their text', () => {
    const unwrap = (line: string) =>
      line.startsWith('E:') ? line.slice(2).replaceAll('|', '\n') : undefined;
    expect([...agentTextLines('raw\r\nE:a|b\nlast\n', unwrap)]).toEqual(['raw', 'a', 'b', 'last']);
  });
});

describe('stripMarkdownDecorations', () => {
  it.each([
    ['**ACCEPTANCE: PASS**', 'ACCEPTANCE: PASS'],
    ['### **ACCEPTANCE: FAIL**', 'ACCEPTANCE: FAIL'],
    ['> ACCEPTANCE: FAIL', 'ACCEPTANCE: FAIL'],
    ['- ACCEPTANCE: PASS', 'ACCEPTANCE: PASS'],
  ] as const)('%j -> %j', (line, expected) => {
    expect(stripMarkdownDecorations(line)).toBe(expected);
  });
});

describe('parseJsonObjectLine', () => {
  it.each([
    ['{"a":1}', { a: 1 }],
    ['{', undefined],
    ['[1]', undefined],
    ['{"a":1} trailing', undefined],
    ['{not json}', undefined],
  ] as const)('%j', (line, expected) => {
    expect(parseJsonObjectLine(line)).toEqual(expected);
  });

  it('keeps __proto__ as an own key without touching prototypes', () => {
    const value = parseJsonObjectLine('{"__proto__":{"polluted":1}}');
    expect(Object.hasOwn(value!, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
