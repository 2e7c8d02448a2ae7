import { describe, expect, it } from 'vitest';
import { agentTextLines, splitLines, stripMarkdownDecorations } from '../../src/index.js';
import { readJsonObjectLine } from '../../src/text/json-line.js';
import { forEachLine, nextLine } from '../../src/text/lines.js';

describe('splitLines (Rust str::lines)', () => {
  it.each([
    ['', []],
    ['a', ['a']],
    ['a\n', ['a']],
    ['\n', ['']],
    ['a\r\nb\r\n', ['a', 'b']],
    ['a\n\nb', ['a', '', 'b']],
    ['a\rb', ['a\rb']],
    ['a\r', ['a\r']],
    ['a\r\r\n', ['a\r']],
  ] as const)('%j', (text, expected) => {
    expect(splitLines(text)).toEqual(expected);
  });
});

describe('forEachLine / nextLine', () => {
  it('visits the same lines as splitLines and stops when the visitor returns true', () => {
    const text = 'a\r\nb\n\nc\r';
    const seen: string[] = [];
    const collect = (line: string) => {
      seen.push(line);
      return false;
    };
    expect(forEachLine(text, collect)).toBe(false);
    expect(seen).toEqual(splitLines(text));
    const until: string[] = [];
    const stopAtB = (line: string) => {
      until.push(line);
      return line === 'b';
    };
    expect(forEachLine(text, stopAtB)).toBe(true);
    expect(until).toEqual(['a', 'b']);
  });

  it('reports spans with the terminator excluded', () => {
    expect(nextLine('ab\r\ncd', 0)).toEqual({ end: 2, next: 4 });
    expect(nextLine('ab\r\ncd', 4)).toEqual({ end: 6, next: 6 });
    expect(nextLine('ab', 2)).toBeUndefined();
  });
});

describe('agentTextLines', () => {
  it('replaces lines that unwrap with the lines of their text', () => {
    const unwrap = (line: string) =>
      line.startsWith('E:') ? line.slice(2).replaceAll('|', '\n') : undefined;
    expect([...agentTextLines('raw\r\nE:a|b\nlast\n', unwrap)]).toEqual(['raw', 'a', 'b', 'last']);
  });

  it('reads what a stateful unwrapper held back to the end after the last line, once', () => {
    let held: string | undefined;
    const unwrap = Object.assign(
      (line: string) => {
        held = line.toUpperCase();
        return '';
      },
      { end: () => held },
    );
    expect([...agentTextLines('a\nb\n', unwrap)]).toEqual(['B']);
  });

  it('drops a line whose event carries empty text, and keeps a bare \\r on the last line', () => {
    const unwrap = (line: string) => (line === 'EMPTY' ? '' : undefined);
    expect([...agentTextLines('a\nEMPTY\nb\r', unwrap)]).toEqual(['a', 'b\r']);
  });
});

describe('stripMarkdownDecorations (the Conflux rule)', () => {
  it.each([
    ['**ACCEPTANCE: PASS**', 'ACCEPTANCE: PASS'],
    ['### **ACCEPTANCE: FAIL**', 'ACCEPTANCE: FAIL'],
    ['> ACCEPTANCE: FAIL', 'ACCEPTANCE: FAIL'],
    ['- ACCEPTANCE: PASS', 'ACCEPTANCE: PASS'],
    ['#> ACCEPTANCE: PASS', 'ACCEPTANCE: PASS'],
    ['#>- ACCEPTANCE: PASS', 'ACCEPTANCE: PASS'],
    ['> - ACCEPTANCE: PASS', '- ACCEPTANCE: PASS'],
    ['## > ACCEPTANCE: PASS', '> ACCEPTANCE: PASS'],
    ['A_CC*EPTANCE: PASS', 'ACCEPTANCE: PASS'],
    ['\u00a0**ACCEPTANCE: PASS**\u2003', 'ACCEPTANCE: PASS'],
    ['\ufeffACCEPTANCE: PASS', '\ufeffACCEPTANCE: PASS'],
  ] as const)('%j -> %j', (line, expected) => {
    expect(stripMarkdownDecorations(line)).toBe(expected);
  });

  // How long it takes is bench/linear-scans.bench.mjs's question (as a ratio of sizes); here: the result.
  it('strips a long run of decoration', () => {
    const line = `${'*_'.repeat(2_000_000)}ACCEPTANCE: PASS`;
    expect(stripMarkdownDecorations(line)).toBe('ACCEPTANCE: PASS');
  });
});

describe('readJsonObjectLine', () => {
  it.each([
    ['{"a":1}', { a: 1 }],
    ['{', undefined],
    ['[1]', undefined],
    ['{"a":1} trailing', undefined],
    ['{not json}', undefined],
  ] as const)('%j', (line, expected) => {
    expect(readJsonObjectLine(line)).toEqual(expected);
  });

  it('keeps __proto__ as an own key without touching prototypes', () => {
    const value = readJsonObjectLine('{"__proto__":{"polluted":1}}');
    expect(Object.hasOwn(value!, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
