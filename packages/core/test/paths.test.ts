import { describe, expect, it } from 'vitest';
import { normalizeRepositoryPath } from '../src/index.js';
import { readConformance } from './_support/conformance.js';

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
  ] as const)('%j -> %j', (input, expected) => {
    expect(normalizeRepositoryPath(input)).toBe(expected);
  });

  it.each([undefined, null, 42, {}, []])('returns undefined for the non-string %j', (junk) => {
    expect(normalizeRepositoryPath(junk as unknown as string)).toBeUndefined();
  });
});
