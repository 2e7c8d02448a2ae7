import { describe, expect, it } from 'vitest';
import { isRepositoryPath, normalizeRepositoryPath } from '../src/index.js';
import { readConformance } from './_support/conformance.js';
import { seededRandom } from './conflux/_support.js';

const conformance = readConformance<{ cases: { input: string; expected: string | null }[] }>(
  'conflux',
  'path_normalization_cases.json',
);

describe('normalizeRepositoryPath', () => {
  it.each(conformance.cases.map((c) => [c.input, c.expected] as const))(
    'conformance: %j -> %j',
    (input, expected) => {
      expect(normalizeRepositoryPath(input) ?? null).toBe(expected);
    },
  );

  it.each([
    ['src\\lib\\b.ts', 'src/lib/b.ts'],
    ['  docs/x.md  ', 'docs/x.md'],
    ['\u00a0docs/x.md\u2028', 'docs/x.md'],
    ['\ufeffdocs/x.md', '\ufeffdocs/x.md'],
    ['a/../b', undefined],
    ['./.', undefined],
    ['a:/b', undefined],
    // The drive-letter check reads the second UTF-8 byte: only an ASCII first character can form one.
    ['é:/b', 'é:/b'],
    ['😀:x', '😀:x'],
    ['a', 'a'],
    ['./a/./b/', 'a/b'],
    // Checked again after normalising, so no absolute path comes out (the seed contract; upstream lets these through).
    ['./C:/x', undefined],
    ['.\\c:secret', undefined],
    ['./~/x', undefined],
    ['a/C:/x', 'a/C:/x'],
    // Whitespace before a separator survives, as upstream: trimming happens before `\\` becomes `/`.
    ['src/a.ts \\', 'src/a.ts '],
    ['./ a', ' a'],
  ] as const)('%j -> %j', (input, expected) => {
    expect(normalizeRepositoryPath(input)).toBe(expected);
  });

  it.each([undefined, null, 42, {}, []])('returns undefined for the non-string %j', (junk) => {
    expect(normalizeRepositoryPath(junk as unknown as string)).toBeUndefined();
  });
});

describe('isRepositoryPath', () => {
  it.each([
    ['src/a.ts', true],
    ['src/a.ts ', true],
    [' a', true],
    ['src/a.rs:10', true],
    ['', false],
    ['/a', false],
    ['~a', false],
    ['C:/a', false],
    ['a\\b', false],
    ['a//b', false],
    ['./a', false],
    ['a/..', false],
    ['a/', false],
  ] as const)('%j -> %j', (path, expected) => {
    expect(isRepositoryPath(path)).toBe(expected);
  });

  it('accepts every path normalizeRepositoryPath returns', () => {
    const parts = ['a', '.', '..', '/', '\\', ' ', 'C:', '~', '\u3000', 'é'];
    const random = seededRandom(7);
    for (let i = 0; i < 5_000; i++) {
      const input = Array.from(
        { length: 1 + Math.floor(random() * 6) },
        () => parts[Math.floor(random() * parts.length)],
      ).join('');
      const path = normalizeRepositoryPath(input);
      if (path !== undefined) expect(isRepositoryPath(path), JSON.stringify(input)).toBe(true);
    }
  });
});

/** The Conflux runtime's rule, segment by segment: the definition normalizeRepositoryPath must match. */
function bySegments(path: string): string | undefined {
  const drive = (text: string) => text.charCodeAt(0) < 0x80 && text[1] === ':';
  if (path === '' || path.startsWith('/') || path.startsWith('~') || drive(path)) return undefined;
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') return undefined;
    segments.push(segment);
  }
  const normalized = segments.join('/');
  return normalized === '' || normalized.startsWith('~') || drive(normalized) ? undefined : normalized;
}

describe('normalizeRepositoryPath, one pass over the string', () => {
  it('agrees with the segment-by-segment rule on every path of up to 7 characters from / . ~ : C a', () => {
    const alphabet = ['/', '.', '~', ':', 'C', 'a'];
    let paths = [''];
    let checked = 0;
    for (let length = 0; length <= 7; length++) {
      for (const path of paths) {
        expect(normalizeRepositoryPath(path), JSON.stringify(path)).toBe(bySegments(path));
        checked++;
      }
      paths = paths.flatMap((path) => alphabet.map((char) => path + char));
    }
    expect(checked).toBe((6 ** 8 - 1) / 5);
  });
});
