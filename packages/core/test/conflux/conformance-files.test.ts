import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readConformance } from '../_support/conformance.js';

const directory = new URL('../../../../conformance/conflux/', import.meta.url);
const readme = readFileSync(new URL('README.md', directory), 'utf8');

/** The conformance files and the test file that replays each of them. */
const REPLAYED_BY: Record<string, string> = {
  'README.md': 'conformance-files.test.ts',
  'parse_cases.json': 'conformance-parse.test.ts',
  'detector_cases.json': 'conformance-detector.test.ts',
  'path_normalization_cases.json': '../paths.test.ts',
  'diff_coverage_cases.json': 'conformance-diff-coverage.test.ts',
  'retry_policy_cases.json': 'conformance-retry-policy.test.ts',
};

function count(pattern: RegExp): number {
  const match = pattern.exec(readme);
  expect(match, String(pattern)).not.toBeNull();
  return Number(match![1]);
}

describe('conformance/conflux', () => {
  it('has no file that no test replays', () => {
    expect(readdirSync(directory).sort()).toEqual(Object.keys(REPLAYED_BY).sort());
    for (const [file, test] of Object.entries(REPLAYED_BY)) {
      const source = readFileSync(new URL(test, import.meta.url), 'utf8');
      expect(source.includes(file) || file === 'README.md', `${test} reads ${file}`).toBe(true);
    }
  });

  it('holds as many cases as its README counts', () => {
    const parse = readConformance<{ cases: { version_sensitive?: boolean; wrapper?: string }[] }>(
      'conflux',
      'parse_cases.json',
    ).cases;
    expect(parse.length).toBe(count(/`parse_cases\.json`: (\d+) whole-output cases/));
    expect(parse.filter((c) => c.version_sensitive).length).toBe(
      count(/(\d+) version-sensitive blocker cases/),
    );
    expect(parse.filter((c) => c.wrapper).length).toBe(count(/(\d+) agent-event-wrapped cases/));

    const detector = readConformance<Record<string, unknown[] | { cases: unknown[] }>>(
      'conflux',
      'detector_cases.json',
    );
    const length = (key: string) => {
      const value = detector[key]!;
      return Array.isArray(value) ? value.length : value.cases.length;
    };
    expect(length('canonical_verdict_kind')).toBe(count(/(\d+) `canonical_verdict_kind`/));
    expect(length('strip_markdown_decorations')).toBe(count(/(\d+) `strip_markdown_decorations`/));
    expect(length('parse_json_verdict')).toBe(count(/(\d+) `parse_json_verdict`/));
    expect(length('stream_detector_single_line')).toBe(count(/(\d+) single-line detector/));
    expect(length('stream_detector_sequences')).toBe(count(/(\d+) stateful detector sequences/));

    const paths = readConformance<{ cases: unknown[] }>('conflux', 'path_normalization_cases.json');
    expect(paths.cases.length).toBe(count(/`path_normalization_cases\.json`: (\d+)/));
    const coverage = readConformance<{ cases: unknown[] }>('conflux', 'diff_coverage_cases.json');
    expect(coverage.cases.length).toBe(count(/`diff_coverage_cases\.json`: (\d+)/));

    const retry = readConformance<Record<string, unknown[] | { cases: unknown[] }>>(
      'conflux',
      'retry_policy_cases.json',
    );
    const retryLength = (key: string) => {
      const value = retry[key]!;
      return Array.isArray(value) ? value.length : value.cases.length;
    };
    expect(retryLength('protocol_retry_sequences')).toBe(count(/(\d+) protocol-retry sequences/));
    expect(retryLength('legacy_finding_identity')).toBe(count(/(\d+) legacy-identity groups/));
    expect(retryLength('retry_decisions')).toBe(count(/(\d+) retry decisions/));
    expect(retryLength('repair_ledger')).toBe(count(/(\d+) repair-ledger scenarios/));
    expect(retryLength('tail_findings')).toBe(count(/(\d+) tail-findings cases/));
  });

  it('states the seed-contract decision this implementation follows', () => {
    expect(readme).toContain('judged by `expected_under_seed_contract`');
    expect(readme).toContain('`MissingUnblockCondition` (absent, non-string or blank)');
  });
});
