import { describe, expect, it } from 'vitest';
import {
  type AcceptanceLifecycleInput,
  classifyAcceptanceLifecycle,
  createProtocolRetryState,
  createRepairLedger,
  decideAcceptanceRetry,
  observeFail,
  observeProtocolOutcome,
  protocolOutcomeOf,
  type RepositoryFinding,
  recordRepairDispatched,
  safeParseAcceptanceOutput,
} from '../../src/conflux/index.js';

const blocker = {
  category: 'credential',
  evidence: ['STAGING_API_KEY is unset in the verification environment'],
  unblock_condition: 'STAGING_API_KEY is present in the verification environment',
  next_action: 'provision STAGING_API_KEY, then retry acceptance',
  resumable: true,
};
const verdict = (text: string): AcceptanceLifecycleInput => ({
  kind: 'verdict',
  result: safeParseAcceptanceOutput(text),
});
const finding: RepositoryFinding = {
  id: 'retry-test-missing',
  severity: 'minor',
  summary: 'Retry path is untested',
  evidence: ['src/retry.ts has no test'],
  required_changes: [{ file: 'src/retry.ts', description: 'Expose the retry decision' }],
  verification: [{ file: 'test/retry.test.ts', description: 'Cover the retry decision' }],
};

describe('classifyAcceptanceLifecycle', () => {
  it.each([
    ['{"acceptance":"pass"}', 'accepted'],
    ['{"acceptance":"continue"}', 'running'],
    [JSON.stringify({ acceptance: 'fail', findings: [finding] }), 'running'],
  ] as const)('%s is %s', (text, lifecycle) => {
    expect(classifyAcceptanceLifecycle(verdict(text))).toEqual({ lifecycle });
  });

  it.each(['gated', 'blocked'])('a validated %s blocker is blocked, whatever the token spelling', (token) => {
    const result = classifyAcceptanceLifecycle(verdict(JSON.stringify({ acceptance: token, blocker })));
    expect(result).toMatchObject({ lifecycle: 'blocked', blocker: { category: 'credential' } });
  });

  it.each([
    ['{"acceptance":"gated"}', 'bare_blocker'],
    ['{"acceptance":"blocked"}', 'bare_blocker'],
    ['ACCEPTANCE: GATED', 'bare_blocker'],
    ['ACCEPTANCE: BLOCKED', 'bare_blocker'],
    [JSON.stringify({ acceptance: 'gated', blocker: { ...blocker, unblock_condition: '' } }), 'bare_blocker'],
    [JSON.stringify({ acceptance: 'fail', findings: [{ ...finding, evidence: [] }] }), 'malformed_finding'],
    ['I will decide once the job finishes.', 'missing_verdict'],
  ] as const)('%s is a protocol error, neither blocked nor stalled', (text, code) => {
    expect(classifyAcceptanceLifecycle(verdict(text))).toEqual({
      lifecycle: 'protocol_error',
      code,
      terminal: false,
    });
  });

  it('reports a protocol error as terminal once its retry budget is spent', () => {
    const outcome = protocolOutcomeOf(safeParseAcceptanceOutput('{"acceptance":"gated"}'));
    let state = createProtocolRetryState();
    const seen = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const observed = observeProtocolOutcome(state, outcome);
      state = observed.state;
      seen.push(classifyAcceptanceLifecycle({ kind: 'protocol_retry', step: observed.step }));
    }
    expect(seen.map((entry) => entry)).toEqual([
      { lifecycle: 'protocol_error', code: 'bare_blocker', terminal: false },
      { lifecycle: 'protocol_error', code: 'bare_blocker', terminal: false },
      { lifecycle: 'protocol_error', code: 'bare_blocker', terminal: true },
    ]);
  });

  it('reports a finding still open after its one repair as stalled on repeated findings', () => {
    const first = observeFail(createRepairLedger(), [finding]);
    expect(classifyAcceptanceLifecycle({ kind: 'repair', decision: first.decision })).toEqual({
      lifecycle: 'running',
    });
    const ledger = recordRepairDispatched(first.ledger, ['repository|id|retry-test-missing']);
    const second = observeFail(ledger, [{ ...finding, summary: 'Still untested' }]);
    expect(classifyAcceptanceLifecycle({ kind: 'repair', decision: second.decision })).toEqual({
      lifecycle: 'stalled',
      reason: 'repeated_findings',
      identities: ['repository|id|retry-test-missing'],
    });
  });

  it.each([
    [{ previousIdentities: [], findings: ['external service outage'], cycle: 1 }, 'external_findings_only'],
    [{ previousIdentities: [], findings: ['src/a.ts:1 fix'], cycle: 10 }, 'repair_budget_exhausted'],
    [
      { previousIdentities: ['repository|id|x'], findings: [{ ...finding, id: 'x' }], cycle: 2 },
      'repeated_findings',
    ],
  ] as const)('maps the cycle decision for %j to stalled (%s)', (input, reason) => {
    expect(
      classifyAcceptanceLifecycle({ kind: 'retry_cycle', decision: decideAcceptanceRetry(input) }),
    ).toMatchObject({
      lifecycle: 'stalled',
      reason,
    });
  });

  it('reports an Apply without semantic progress as stalled', () => {
    expect(classifyAcceptanceLifecycle({ kind: 'no_semantic_progress' })).toEqual({
      lifecycle: 'stalled',
      reason: 'no_semantic_progress',
      identities: [],
    });
  });
});
