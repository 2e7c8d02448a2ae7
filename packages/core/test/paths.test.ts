import { describe, expect, it } from 'vitest';
import { normalizeRepositoryPath } from '../src/index.js';

describe('normalizeRepositoryPath', () => {
  it.each([
    ['./src//a.rs', 'src/a.rs'],
    ['src\\lib\\b.ts', 'src/lib/b.ts'],
    ['  docs/x.md  ', 'docs/x.md'],
    ['src/a.rs:10', 'src/a.rs:10'],
    ['', undefined],
    ['/etc/passwd', undefined],
    ['~/x', undefined],
    ['C:/x', undefined],
    ['a/../b', undefined],
    ['./.', undefined],
  ] as const)('%j -> %j', (input, expected) => {
    expect(normalizeRepositoryPath(input)).toBe(expected);
  });
});
