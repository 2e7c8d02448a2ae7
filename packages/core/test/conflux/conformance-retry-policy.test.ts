import { describe, expect, it } from 'vitest';
import { VERDICT_GRACE_PERIOD_SECONDS } from '../../src/conflux/detector.js';
import { REMEDIATION_MISMATCH_REASON } from '../../src/conflux/diff-coverage.js';
import { normalizeFindings, repositoryFindings } from '../../src/conflux/finding-identity.js';
import {
  type AcceptanceFinding,
  buildAcceptanceTailFindings,
  createProtocolRetryState,
  createRepairLedger,
  decideAcceptanceRetry,
  observeFail,
  observeProtocolOutcome,
  PROTOCOL_DIAGNOSTICS,
  type ProtocolOutcome,
  type ProtocolRetryMarker,
  type ProtocolRetryState,
  type ProtocolRetryStep,
  protocolOutcomeOf,
  type RepairDecision,
  type RepairLedger,
  type RepositoryFinding,
  recordRepairDispatched,
  resetForExplicitRetry,
  safeParseAcceptanceOutput,
  takeProtocolRetry,
} from '../../src/conflux/index.js';
import {
  findingOccurrences,
  hasConsumedRepair,
  REPEATED_FINDING_REASON,
} from '../../src/conflux/repair-ledger.js';
import { MAX_ACCEPTANCE_RETRY_CYCLES } from '../../src/conflux/retry-cycle.js';
import { MAX_ACCEPTANCE_PROTOCOL_RETRIES, protocolRetryProgress } from '../../src/conflux/retry-policy.js';
import { readConformance } from '../_support/conformance.js';

type Expected = Record<string, unknown>;

interface RetryCases {
  constants: Record<string, number | string>;
  protocol_retry_sequences: {
    id: string;
    observations: string[];
    expected?: (Expected | string)[];
    expected_continuation_markers?: (Expected | null)[];
    expected_final?: string;
    expected_error?: null;
    expected_invocations?: number;
    expected_error_contains?: string[];
  }[];
  message_formats: {
    retry_progress: string;
    retry_causes: Record<string, string>;
    exhausted: string;
    diagnostic_first_lines: Record<string, string>;
  };
  legacy_finding_identity: {
    cases: {
      findings: string[];
      expected_identities?: string[];
      expected_identities_derived?: string[];
      expected_count?: number;
      expected_external?: boolean[];
      expected_external_count?: number;
      expected_repository_findings_count?: number;
      expected_first_identity_prefix?: string;
    }[];
  };
  retry_decisions: {
    cases: {
      previous: string[] | string;
      previous_fingerprint: string | null;
      findings: string[];
      fingerprint: string;
      cycle: number;
      expected: { decision: string; reason?: string; external_blockers_count?: number };
      repository_findings?: string[];
    }[];
  };
  repair_ledger: { cases: { id: string; steps: string[]; expected: (Expected | null)[] }[] };
  tail_findings: { cases: { stdout: string | null; stderr: string | null; expected: string[] }[] };
}

const cases = readConformance<RetryCases>('conflux', 'retry_policy_cases.json');

const KIND_CODES: Record<string, 'missing_verdict' | 'bare_blocker' | 'malformed_finding'> = {
  MissingVerdict: 'missing_verdict',
  BareBlocker: 'bare_blocker',
  MalformedFinding: 'malformed_finding',
};

/** `MissingVerdict(waiting)`, `BareBlocker(Missing)`, `Pass`, `<canonical verdict>` → a protocol outcome. */
function outcomeOf(observation: string): ProtocolOutcome {
  const [, name, argument] = /^([A-Za-z<> ]+?)(?:\((.*)\))?$/.exec(observation)!;
  if (name === 'MissingVerdict') return { kind: 'missing_verdict', evidence: argument ? [argument] : [] };
  if (name === 'BareBlocker') return protocolOutcomeOf(safeParseAcceptanceOutput('{"acceptance":"gated"}'));
  return { kind: 'canonical_verdict' };
}

function decisionName(step: ProtocolRetryStep, observation: string): string {
  const protocol = !observation.startsWith('MissingVerdict');
  if (step.decision === 'retry') return protocol ? 'ProtocolRetry' : 'Retry';
  if (step.decision === 'exhausted') return protocol ? 'ProtocolExhausted' : 'Exhausted';
  return step.decision;
}

describe('conformance: retry_policy_cases.json — constants and messages', () => {
  it('has the upstream constants', () => {
    expect(cases.constants).toEqual({
      MAX_MISSING_VERDICT_RETRIES: MAX_ACCEPTANCE_PROTOCOL_RETRIES,
      MAX_ACCEPTANCE_PROTOCOL_RETRIES,
      MAX_ACCEPTANCE_RETRY_CYCLES,
      MARKER_GRACE_PERIOD_SECONDS: VERDICT_GRACE_PERIOD_SECONDS,
      REMEDIATION_MISMATCH_REASON,
      REPEATED_FINDING_REASON,
    });
  });

  it('uses the diagnostic first lines verbatim', () => {
    // invalid_verdict is skillpack's own: a schema field beyond the seed's, so upstream has no line for it.
    const { invalid_verdict: _own, ...upstream } = PROTOCOL_DIAGNOSTICS;
    expect(upstream).toEqual(
      Object.fromEntries(
        Object.entries(cases.message_formats.diagnostic_first_lines).map(([kind, line]) => [
          KIND_CODES[kind],
          line,
        ]),
      ),
    );
  });

  it.each(Object.entries(cases.message_formats.retry_causes))(
    'formats %s retry progress exactly',
    (kind, cause) => {
      const retry: ProtocolRetryMarker = { kind: KIND_CODES[kind]!, attempt: 1, max: 2 };
      const evidence = ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'];
      const expected = cases.message_formats.retry_progress
        .replace('{cause}', cause)
        .replace('{attempt}', '1')
        .replace('{max}', '2')
        .replace(/\{first 5 evidence lines.*\}$/, 'e1 | e2 | e3 | e4 | e5');
      expect(protocolRetryProgress(retry, evidence)).toBe(expected);
      expect(protocolRetryProgress(retry, [])).toMatch(/Evidence: no acceptance output captured$/);
    },
  );

  it('formats the terminal error as "{cause sentence} Exhausted …"', () => {
    let state = createProtocolRetryState();
    let step: ProtocolRetryStep | undefined;
    for (let i = 0; i < 3; i++)
      ({ state, step } = observeProtocolOutcome(state, outcomeOf('MissingVerdict(w)')));
    expect(step).toMatchObject({ decision: 'exhausted', attempts: 3, max: 2 });
    const error = step?.decision === 'exhausted' ? step.error : '';
    expect(error).toMatch(/\. Exhausted 3 consecutive attempts after 2 protocol retries\. Evidence: w$/);
  });
});

describe('conformance: retry_policy_cases.json — protocol retry sequences', () => {
  for (const sequence of cases.protocol_retry_sequences.filter((s) => s.expected)) {
    it(sequence.id, () => {
      let state: ProtocolRetryState = createProtocolRetryState();
      sequence.observations.forEach((observation, index) => {
        const result = observeProtocolOutcome(state, outcomeOf(observation));
        state = result.state;
        const { step } = result;
        const expected = sequence.expected![index]!;
        if (typeof expected === 'string') {
          expect(decisionName(step, observation)).toBe(expected);
          return;
        }
        if (expected.reset) {
          expect(step.decision).toBe('reset');
          return;
        }
        expect(decisionName(step, observation)).toBe(expected.decision);
        if (step.decision === 'retry') {
          if (expected.kind) expect(step.retry.kind).toBe(KIND_CODES[expected.kind as string]);
          if (expected.attempt) expect(step.retry.attempt).toBe(expected.attempt);
          if (expected.max) expect(step.retry.max).toBe(expected.max);
          for (const part of (expected.progress_contains as string[] | undefined) ?? []) {
            expect(step.progress).toContain(part);
          }
          expect(step.progress).not.toContain('Exhausted');
        }
        if (step.decision === 'exhausted') {
          if (expected.kind) expect(step.kind).toBe(KIND_CODES[expected.kind as string]);
          if (expected.attempts) expect(step.attempts).toBe(expected.attempts);
          if (expected.max) expect(step.max).toBe(expected.max);
          for (const part of (expected.error_contains as string[] | undefined) ?? [])
            expect(step.error).toContain(part);
        }
      });
    });
  }

  for (const sequence of cases.protocol_retry_sequences.filter((s) => !s.expected)) {
    it(`${sequence.id} (driver)`, () => {
      let state = createProtocolRetryState();
      const markers: (ProtocolRetryMarker | undefined)[] = [];
      let final: string | undefined;
      let error: string | undefined;
      for (const observation of sequence.observations) {
        const taken = takeProtocolRetry(state);
        markers.push(taken.retry);
        const { state: next, step } = observeProtocolOutcome(taken.state, outcomeOf(observation));
        state = next;
        if (step.decision === 'reset') {
          final = observation;
          break;
        }
        if (step.decision === 'exhausted') {
          error = step.error;
          break;
        }
      }
      if (sequence.expected_continuation_markers) {
        expect(markers).toEqual(
          sequence.expected_continuation_markers.map((marker) =>
            marker === null ? undefined : { ...marker, kind: KIND_CODES[marker.kind as string] },
          ),
        );
      }
      if (sequence.expected_invocations !== undefined)
        expect(markers.length).toBe(sequence.expected_invocations);
      if (sequence.expected_final !== undefined) expect(final).toBe(sequence.expected_final);
      if (sequence.expected_error === null) expect(error).toBeUndefined();
      for (const part of sequence.expected_error_contains ?? []) expect(error).toContain(part);
    });
  }

  it('command failure and cancellation neither reset nor consume, and clear no pending marker', () => {
    let { state } = observeProtocolOutcome(createProtocolRetryState(), outcomeOf('MissingVerdict(w)'));
    for (const kind of ['command_failed', 'cancelled'] as const) {
      const result = observeProtocolOutcome(state, { kind });
      expect(result.step).toEqual({ decision: 'unchanged' });
      expect(result.state).toBe(state);
    }
    ({ state } = observeProtocolOutcome(state, outcomeOf('MissingVerdict(w)')));
    expect(state.consecutive.missing_verdict).toBe(2);
  });

  it('maps parse results to outcomes with diagnostic evidence', () => {
    expect(protocolOutcomeOf(safeParseAcceptanceOutput('ACCEPTANCE: PASS'))).toEqual({
      kind: 'canonical_verdict',
    });
    expect(protocolOutcomeOf(safeParseAcceptanceOutput('waiting'), ['waiting'])).toEqual({
      kind: 'missing_verdict',
      evidence: ['waiting'],
    });
    const malformed = protocolOutcomeOf(
      safeParseAcceptanceOutput('{"acceptance":"fail","findings":[{"id":"x"}]}'),
    );
    expect(malformed).toEqual({
      kind: 'malformed_finding',
      evidence: [
        PROTOCOL_DIAGNOSTICS.malformed_finding,
        "structured finding severity '' is not 'major' or 'minor'",
      ],
    });
  });
});

describe('conformance: retry_policy_cases.json — legacy finding identity', () => {
  it.each(cases.legacy_finding_identity.cases.map((c, index) => [index, c] as const))(
    'group %i',
    (_index, c) => {
      const normalized = normalizeFindings(c.findings);
      const identities = normalized.map((finding) => finding.identity);
      if (c.expected_identities) expect(identities).toEqual(c.expected_identities);
      if (c.expected_identities_derived) expect(identities).toEqual(c.expected_identities_derived);
      if (c.expected_count !== undefined) expect(normalized.length).toBe(c.expected_count);
      if (c.expected_external)
        expect(normalized.map((finding) => finding.external)).toEqual(c.expected_external);
      if (c.expected_external_count !== undefined) {
        expect(normalized.filter((finding) => finding.external).length).toBe(c.expected_external_count);
      }
      if (c.expected_repository_findings_count !== undefined) {
        expect(repositoryFindings(c.findings).length).toBe(c.expected_repository_findings_count);
      }
      if (c.expected_first_identity_prefix)
        expect(identities[0]!.startsWith(c.expected_first_identity_prefix)).toBe(true);
    },
  );
});

/** Upstream reason spellings skillpack renamed so that no stall reason reads as the lifecycle `blocked`. */
const UPSTREAM_REASONS: Readonly<Record<string, string>> = {
  external_acceptance_blocker: 'external_findings_only',
};

describe('conformance: retry_policy_cases.json — retry decisions', () => {
  it.each(cases.retry_decisions.cases.map((c, index) => [index, c] as const))('case %i', (_index, c) => {
    const previousIdentities =
      typeof c.previous === 'string' ? normalizeFindings(c.findings).map((f) => f.identity) : c.previous;
    const decision = decideAcceptanceRetry({
      previousIdentities,
      findings: c.findings,
      cycle: c.cycle,
    });
    expect(decision.decision).toBe(c.expected.decision.toLowerCase());
    if (c.expected.reason)
      expect(decision.reason).toBe(UPSTREAM_REASONS[c.expected.reason] ?? c.expected.reason);
    if (c.expected.external_blockers_count !== undefined && decision.decision === 'stall') {
      expect(decision.externalBlockers.length).toBe(c.expected.external_blockers_count);
    }
    if (c.repository_findings) expect(repositoryFindings(c.findings)).toEqual(c.repository_findings);
  });
});

const secret: RepositoryFinding = {
  id: 'acceptance-secret-value-scan',
  severity: 'minor',
  summary: 'Challenge and proof leakage is not tested by value',
  evidence: ['relay exposes counts but not issued values'],
  required_changes: [{ file: 'tests/support/relay.ts', description: 'Expose issued values' }],
  verification: [{ file: 'runtime/recovery.integration.test.ts', description: 'Assert values are absent' }],
};

/** The informal finding lists the ledger steps name, as findings. */
const STEP_FINDINGS: Record<string, AcceptanceFinding[]> = {
  '[secret]': [secret],
  '[secret restated: severity major, new summary/evidence/paths]': [
    {
      id: secret.id,
      severity: 'major',
      summary: 'Rewritten summary at a new line',
      evidence: ['different evidence at src/other.rs:99'],
      required_changes: [{ file: 'src/other.rs', description: 'different described change' }],
      verification: [{ file: 'tests/other.rs', description: 'different described proof' }],
    },
  ],
  '[acceptance-new-defect]': [{ ...secret, id: 'acceptance-new-defect' }],
  '[secret, acceptance-new-defect]': [secret, { ...secret, id: 'acceptance-new-defect' }],
  "['Missing retry test at src/run.rs:10']": ['Missing retry test at src/run.rs:10'],
  "['Regression coverage absent in src/run.rs:99']": ['Regression coverage absent in src/run.rs:99'],
};

describe('conformance: retry_policy_cases.json — repair ledger', () => {
  it.each(cases.repair_ledger.cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    let ledger: RepairLedger = createRepairLedger();
    let last: RepairDecision | undefined;
    const secretIdentity = `repository|id|${secret.id}`;
    c.steps.forEach((step, index) => {
      const expected = c.expected[index];
      if (step === 'dispatch') {
        ledger = recordRepairDispatched(ledger, last?.decision === 'repair' ? last.identities : []);
      } else if (step === 'reset_for_explicit_retry') {
        ledger = resetForExplicitRetry(ledger);
      } else {
        const findings = STEP_FINDINGS[step.replace(/^observe /, '')];
        expect(findings, step).toBeDefined();
        ({ ledger, decision: last } = observeFail(ledger, findings!));
      }
      if (!expected) return;
      if (expected.decision) expect(last?.decision).toBe(String(expected.decision).toLowerCase());
      if (expected.identities && last?.decision === 'repair')
        expect(last.identities).toEqual(expected.identities);
      if (expected.repeated_identities && last?.decision === 'stop') {
        expect(last.repeatedIdentities).toEqual(expected.repeated_identities);
      }
      if (expected.reason && last?.decision === 'stop') expect(last.reason).toBe(expected.reason);
      if (expected.occurrences !== undefined)
        expect(findingOccurrences(ledger, secretIdentity)).toBe(expected.occurrences);
      if (expected.old_identity_occurrences !== undefined) {
        expect(findingOccurrences(ledger, secretIdentity)).toBe(expected.old_identity_occurrences);
      }
      if (expected.occurrence_identities) {
        expect(ledger.occurrences.map(([identity]) => identity)).toEqual(expected.occurrence_identities);
      }
      if (expected.consumed !== undefined)
        expect(hasConsumedRepair(ledger, secretIdentity)).toBe(expected.consumed);
    });
  });

  it('never counts external legacy findings towards repairs', () => {
    const { decision } = observeFail(createRepairLedger(), [
      'external service outage',
      'src/a.rs:1 missing test',
    ]);
    expect(decision).toEqual({ decision: 'repair', identities: ['repository|src/a.rs|verification'] });
  });
});

describe('conformance: retry_policy_cases.json — tail findings', () => {
  it.each(cases.tail_findings.cases.map((c, index) => [index, c] as const))('case %i', (_index, c) => {
    expect(buildAcceptanceTailFindings(c.stdout, c.stderr)).toEqual(c.expected);
  });
});
