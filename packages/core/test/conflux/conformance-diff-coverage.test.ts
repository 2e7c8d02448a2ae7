import { describe, expect, it } from 'vitest';
import {
  formatRepairStop,
  normalizeChangedFiles,
  REMEDIATION_MISMATCH_REASON,
} from '../../src/conflux/diff-coverage.js';
import {
  type AcceptanceFinding,
  createRepairLedger,
  decideRepairGate,
  evaluateRemediationCoverage,
  type RepositoryFinding,
} from '../../src/conflux/index.js';
import { readConformance } from '../_support/conformance.js';

interface CoverageCase {
  id: string;
  changed_files: string[];
  findings: string[];
  remediation_evidence?: string[];
  fail_revision?: string;
  apply_revision?: string;
  expected: Record<string, unknown>;
}

const conformance = readConformance<{
  finding_under_test: { id: string; required_files: string[]; verification_files: string[] };
  cases: CoverageCase[];
  stop_json_keys: string[];
}>('conflux', 'diff_coverage_cases.json');

const under = conformance.finding_under_test;
const secret: RepositoryFinding = {
  id: under.id,
  severity: 'minor',
  summary: 'Challenge and proof leakage is not tested by value',
  evidence: ['relay exposes counts but not issued values'],
  required_changes: under.required_files.map((file) => ({ file, description: 'Expose issued values' })),
  verification: under.verification_files.map((file) => ({ file, description: 'Assert values are absent' })),
};

function findingsOf(labels: readonly string[]): AcceptanceFinding[] {
  return labels.map((label) => (label === 'structured:secret' ? secret : label.replace(/^legacy:/, '')));
}

describe('conformance: diff_coverage_cases.json', () => {
  it.each(conformance.cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const findings = findingsOf(c.findings);
    const coverage = evaluateRemediationCoverage(findings, c.changed_files);
    const decision = decideRepairGate({
      changeId: 'change-a',
      findings,
      ledger: createRepairLedger(),
      failRevision: c.fail_revision,
      applyRevision: c.apply_revision,
      changedFiles: c.changed_files,
      remediationEvidence: c.remediation_evidence,
    });
    const { expected } = c;
    if ('complete' in expected) expect(coverage.complete).toBe(expected.complete);
    if ('missing_required' in expected) expect(coverage.missingRequired).toEqual(expected.missing_required);
    if ('missing_verification' in expected)
      expect(coverage.missingVerification).toEqual(expected.missing_verification);
    if ('unrelated_files' in expected) expect(coverage.unrelatedFiles).toEqual(expected.unrelated_files);
    if ('legacy_finding_texts' in expected)
      expect(coverage.legacyFindingTexts).toEqual(expected.legacy_finding_texts);
    if ('gate' in expected) expect(decision.gate).toBe(String(expected.gate).toLowerCase());
    if (decision.gate !== 'stop') return;
    const { stop } = decision;
    expect(Object.keys(stop)).toEqual(conformance.stop_json_keys);
    if ('stop_reason' in expected) expect(stop.stop_reason).toBe(expected.stop_reason);
    if ('resumable' in expected) expect(stop.resumable).toBe(expected.resumable);
    if ('required_files' in expected) expect(stop.required_files).toEqual(expected.required_files);
    if ('verification_files' in expected)
      expect(stop.verification_files).toEqual(expected.verification_files);
    if ('unrelated_files' in expected) expect(stop.unrelated_files).toEqual(expected.unrelated_files);
    if ('json' in expected) expect(stop).toMatchObject(expected.json as object);
    expect(stop.changed_files).toEqual(coverage.changedFiles);
    expect(stop.fail_revision).toBe(c.fail_revision ?? null);
    expect(stop.remediation_evidence).toEqual(c.remediation_evidence ?? []);
  });
});

describe('diff coverage details', () => {
  it('keeps every diagnostic of the calibration-only stop and a one-line summary', () => {
    const decision = decideRepairGate({
      changeId: 'change-a',
      findings: [secret, 'src/legacy.rs:1 missing test'],
      ledger: { repaired: [], occurrences: [['repository|id|acceptance-secret-value-scan', 1]] },
      failRevision: 'fail-rev',
      applyRevision: 'apply-rev',
      changedFiles: ['tests/calibration.test.ts', 'src/unrelated.rs'],
      remediationEvidence: ['adjusted calibration threshold'],
    });
    expect(decision.gate).toBe('stop');
    if (decision.gate !== 'stop') return;
    expect(decision.stop).toMatchObject({
      stop_reason: REMEDIATION_MISMATCH_REASON,
      findings: [secret, { finding: 'src/legacy.rs:1 missing test' }],
      finding_occurrences: [{ identity: 'repository|id|acceptance-secret-value-scan', occurrences: 1 }],
      uncovered_files: [
        'acceptance-secret-value-scan: required_changes tests/support/relay.ts',
        'acceptance-secret-value-scan: verification runtime/recovery.integration.test.ts',
      ],
      legacy_findings_without_declared_paths: ['src/legacy.rs:1 missing test'],
      coverage_complete: false,
    });
    expect(decision.stop.next_action).toContain('tests/support/relay.ts');
    const summary = formatRepairStop(decision.stop);
    expect(summary).toContain('(acceptance_remediation_mismatch)');
    expect(JSON.parse(summary.slice(summary.indexOf('Diagnostics: ') + 13))).toEqual(decision.stop);
  });

  it.each([
    [
      ['a -> b', 'b'],
      ['a', 'b'],
    ],
    [[' ./x//y ', '', '   '], ['x/y']],
    [['/abs', '../up', 'C:/win', 'ok'], ['ok']],
    [
      ['z', 'é', 'a', '😀', '\uffff'],
      ['a', 'z', 'é', '\uffff', '😀'],
    ],
  ] as const)('normalizeChangedFiles(%j) = %j', (paths, expected) => {
    expect(normalizeChangedFiles(paths)).toEqual(expected);
  });

  it('requires every file of every structured finding, and several findings may share one', () => {
    const other: RepositoryFinding = {
      ...secret,
      id: 'other',
      required_changes: [{ file: 'tests/support/relay.ts', description: 'd' }],
      verification: [{ file: 'tests/other.test.ts', description: 'd' }],
    };
    const coverage = evaluateRemediationCoverage(
      [secret, other],
      ['tests/support/relay.ts', 'runtime/recovery.integration.test.ts'],
    );
    expect(coverage.missingRequired).toEqual([]);
    expect(coverage.missingVerification).toEqual([['other', 'tests/other.test.ts']]);
    expect(coverage.complete).toBe(false);
  });
});
