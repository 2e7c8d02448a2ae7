import { describe, expect, it } from 'vitest';
import { safeParseAcceptanceOutput } from '../../src/conflux/index.js';
import { readConformance } from '../_support/conformance.js';
import { fixtureUnwrap, toConformanceModel, withoutAnnotations } from './_support.js';

interface ParseCase {
  readonly id: string;
  readonly input: string;
  readonly expected: unknown;
  readonly expected_under_seed_contract?: unknown;
  readonly version_sensitive?: boolean;
  readonly wrapper?: string;
}

const { cases } = readConformance<{ cases: ParseCase[] }>('conflux', 'parse_cases.json');

/** skillpack follows the seed contract: version-sensitive cases are judged by `expected_under_seed_contract`. */
const expectedOf = (testCase: ParseCase) =>
  withoutAnnotations(testCase.version_sensitive ? testCase.expected_under_seed_contract : testCase.expected);

describe('conformance: parse_cases.json', () => {
  it('has every case and every version-sensitive case carries a seed-contract answer', () => {
    expect(cases.length).toBe(127);
    for (const testCase of cases.filter((c) => c.version_sensitive)) {
      expect(testCase.expected_under_seed_contract, testCase.id).toBeDefined();
    }
  });

  it.each(cases.map((testCase) => [testCase.id, testCase] as const))('%s', (_id, testCase) => {
    const result = safeParseAcceptanceOutput(testCase.input, { unwrapLine: fixtureUnwrap });
    expect(toConformanceModel(result)).toEqual(expectedOf(testCase));
  });

  it.each(cases.filter((c) => !c.wrapper).map((testCase) => [testCase.id, testCase] as const))(
    '%s gives the same answer without an unwrapper and from UTF-8 bytes',
    (_id, testCase) => {
      const expected = expectedOf(testCase);
      expect(toConformanceModel(safeParseAcceptanceOutput(testCase.input))).toEqual(expected);
      const bytes = new TextEncoder().encode(testCase.input);
      expect(toConformanceModel(safeParseAcceptanceOutput(bytes, { unwrapLine: fixtureUnwrap }))).toEqual(
        expected,
      );
    },
  );

  it('reads wrapped cases only through the unwrapper', () => {
    const wrapped = cases.filter((c) => c.wrapper);
    expect(wrapped.length).toBe(5);
    for (const testCase of wrapped) {
      expect(safeParseAcceptanceOutput(testCase.input).success, testCase.id).toBe(false);
    }
  });
});
