import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROTOCOL_DIAGNOSTICS } from '@skillpack/core/conflux';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HostDecision, HostReport } from '../../../../examples/host/src/decision.js';
import { runHost } from '../../../../examples/host/src/host.js';
import type { Scenario } from '../../../../examples/host/src/scenarios.js';
import { tempDir } from '../_support/temp.js';
import { examplesDir, repoRoot } from './_example-pack.js';

const runsDir = `${examplesDir}host/runs/`;

let report: HostReport;
let decisions: HostDecision[];

beforeAll(async () => {
  report = await runHost(runsDir);
  decisions = report.scenarios.flatMap((scenario) => [...scenario.decisions]);
}, 60_000);

function decision(scenario: string, step: number): HostDecision {
  const found = decisions.find((entry) => entry.scenario === scenario && entry.step === step);
  if (!found) throw new Error(`no decision ${scenario}#${step}`);
  return found;
}

/** Every decision of the replay: scenario, step, runtime, decision, core reason. */
const EXPECTED = [
  ['01-conflux-pass', 1, 'claude-code', 'accept', null],
  ['02-conflux-fail-then-pass', 1, 'codex', 'dispatch_repair', null],
  ['02-conflux-fail-then-pass', 2, null, 'rerun_acceptance', 'remediation_covered'],
  ['02-conflux-fail-then-pass', 3, 'codex', 'accept', null],
  ['03-conflux-protocol-retry', 1, 'opencode', 'retry_protocol', 'missing_verdict'],
  ['03-conflux-protocol-retry', 2, 'opencode', 'accept', null],
  ['04-conflux-repeated-finding', 1, 'claude-code', 'dispatch_repair', null],
  ['04-conflux-repeated-finding', 2, null, 'rerun_acceptance', 'remediation_covered'],
  ['04-conflux-repeated-finding', 3, 'claude-code', 'stop_repair', 'repeated_acceptance_finding'],
  ['05-conflux-gated-blocker', 1, 'codex', 'retry_protocol', 'bare_blocker'],
  ['05-conflux-gated-blocker', 2, 'codex', 'hold', 'credential'],
  ['06-maestro-result', 1, null, 'delegate', null],
  ['06-maestro-result', 2, 'opencode', 'complete_step', null],
  ['06-maestro-result', 3, null, 'delegate', null],
  ['06-maestro-result', 4, 'opencode', 'complete_step', 'E013'],
  ['06-maestro-result', 5, null, 'delegate', null],
  ['06-maestro-result', 6, 'opencode', 'retry_step', null],
  ['06-maestro-result', 7, null, 'delegate', null],
  ['06-maestro-result', 8, 'opencode', 'pause_session', 'BLOCKED'],
  ['07-zaofu-handoff', 1, 'codex', 'manifest_recorded', null],
  ['07-zaofu-handoff', 2, 'codex', 'dispatch_critic', null],
  ['07-zaofu-handoff', 3, 'opencode', 'request_backlog_refs', 'missing_backlog_refs'],
  ['07-zaofu-handoff', 4, 'claude-code', 'manifest_recorded', null],
  ['07-zaofu-handoff', 5, 'claude-code', 'dispatch_dev', null],
] as const;

describe('the example host replays the recorded runs', () => {
  it('takes exactly the expected decisions, in order', () => {
    expect(
      decisions.map((entry) => [entry.scenario, entry.step, entry.runtime, entry.decision, entry.reason]),
    ).toEqual(EXPECTED.map((row) => [...row]));
  });

  it('reads Claude Code, Codex and OpenCode output', () => {
    expect(new Set(decisions.map((entry) => entry.runtime).filter((runtime) => runtime !== null))).toEqual(
      new Set(['claude-code', 'codex', 'opencode']),
    );
  });

  it('dispatches one repair per finding identity and stops when the same identity comes back', () => {
    expect(decision('02-conflux-fail-then-pass', 1).details.identities).toEqual([
      'repository|id|cart-total-negative-rounding',
    ]);
    expect(decision('04-conflux-repeated-finding', 3).details.repeatedIdentities).toEqual([
      'repository|id|checkout-timeout-untested',
    ]);
    expect(decision('04-conflux-repeated-finding', 3).details.occurrences).toEqual([
      { identity: 'repository|id|checkout-timeout-untested', occurrences: 2 },
    ]);
    expect(decision('02-conflux-fail-then-pass', 2).details.changedFiles).toEqual([
      'src/cart/total.ts',
      'tests/cart/total.test.ts',
    ]);
  });

  it('retries a protocol error with a corrective instruction, and notes which retry the next verdict answers', () => {
    const retry = decision('03-conflux-protocol-retry', 1);
    expect(retry.details).toMatchObject({ attempt: 1, max: 2 });
    expect(String(retry.details.correction).startsWith(PROTOCOL_DIAGNOSTICS.missing_verdict)).toBe(true);
    expect(decision('03-conflux-protocol-retry', 2).details.answersRetry).toBe('missing_verdict 1/2');
    expect(decision('05-conflux-gated-blocker', 2).details.answersRetry).toBe('bare_blocker 1/2');
  });

  it('holds on a validated blocker that the completion-role gating allows', () => {
    expect(decision('05-conflux-gated-blocker', 2).details).toMatchObject({
      blocker: { category: 'credential', resumable: true, prerequisite_owner: 'platform team' },
      gating: 'gated',
      gatingAgrees: true,
      pendingObservations: ['payments-live-observation'],
    });
  });

  it('delegates each maestro step with the invocation line of the session cli_tool and resolved arguments', () => {
    expect(decision('06-maestro-result', 1).details).toEqual({
      index: 0,
      invocation:
        '/maestro-ralph-cli-execute maestro-plan --from analysis:ANL-20261119 --session ralph-cli-20261120-090000',
      delegation: {
        delegate_mode: 'write',
        delegate_role: 'plan',
        delegate_rule: 'planning-breakdown-task-steps',
      },
    });
    expect(decision('06-maestro-result', 3).details.invocation).toBe(
      '/maestro-ralph-cli-execute maestro-execute --plan .workflow/scratch/PLN-20261120 --session ralph-cli-20261120-090000',
    );
  });

  it('applies ralph complete and retry to the session as the result blocks say', () => {
    expect(decision('06-maestro-result', 2).details).toMatchObject({
      index: 0,
      stepStatus: 'completed',
      sessionStatus: 'running',
      context: { plan_dir: '.workflow/scratch/PLN-20261120', analysis_dir: '.workflow/scratch/ANL-20261119' },
    });
    expect(decision('06-maestro-result', 4).details).toMatchObject({ index: 1, stepStatus: 'completed' });
    expect(decision('06-maestro-result', 4).message).toContain('--status DONE_WITH_CONCERNS');
    expect(decision('06-maestro-result', 6).details).toEqual({ index: 2, stepStatus: 'pending' });
    expect(decision('06-maestro-result', 8).details).toMatchObject({
      index: 2,
      stepStatus: 'failed',
      sessionStatus: 'paused',
    });
  });

  it('follows the ZaoFu handoff from candidate artifacts to the six backlog refs', () => {
    expect(decision('07-zaofu-handoff', 1).details).toMatchObject({
      eventId: 'evt-5d0c2a7e9b14',
      refs: ['implementation_plan=proposed', 'backlog_plan=draft'],
    });
    expect(decision('07-zaofu-handoff', 2).details).toEqual({ missing: [], warnings: [] });
    expect(decision('07-zaofu-handoff', 3).details).toEqual({
      missing: ['spec_ref', 'plan_ref'],
      owners: { spec_ref: 'arch', plan_ref: 'orchestrator' },
    });
    expect(decision('07-zaofu-handoff', 5).details.refs).toMatchObject({
      spec_ref: 'docs/specs/clamp.md',
      plan_ref: 'docs/plans/clamp-implementation-plan.md',
      tdd_ref: '.zf/artifacts/TASK-7/tdd.md',
      critic_event_id: 'evt-2b9d4c1e7f30',
      critic_gate_ref:
        'approve: Reviewed the clamp proposal: the file plan and the four test cases cover the spec.',
    });
  });

  it('is deterministic: a second replay gives the same report', async () => {
    expect(await runHost(runsDir)).toEqual(report);
  });
});

describe('the example host on junk recordings', () => {
  const JUNK = [
    ['empty', ''],
    ['half a JSON object', '{'],
    ['a JSON array', '[]\n'],
    ['a number', '42\n'],
    ['invalid UTF-8', Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0x0a])],
    ['a lone surrogate', '{"type":"text","part":{"type":"text","text":"\\ud800"}}\n'],
    ['a __proto__ key', '{"__proto__":{"polluted":true},"type":"turn.started"}\n'],
    ['deep nesting', `${'['.repeat(10_000)}${']'.repeat(10_000)}\n`],
    ['CRLF prose', 'I am done.\r\nACCEPTANCE: MAYBE\r\n'],
    ['a 2 MB line', `${'x'.repeat(2 * 1024 * 1024)}\n`],
  ] as const;

  it.each(JUNK)('%s: typed decisions, no throw, nothing polluted', async (_label, content) => {
    const dir = tempDir('skillpack-host-junk-');
    mkdirSync(join(dir, 'junk'));
    writeFileSync(join(dir, 'junk/run.txt'), content);
    writeFileSync(join(dir, 'junk/status.json'), JSON.stringify(sessionWithOneStep()));
    const scenarios: Scenario[] = [
      {
        family: 'conflux',
        id: 'junk-conflux',
        title: 'junk',
        changeId: 'junk',
        steps: [{ kind: 'acceptance', file: 'junk/run.txt' }],
      },
      {
        family: 'maestro',
        id: 'junk-maestro',
        title: 'junk',
        session: 'junk/status.json',
        delegates: ['junk/run.txt'],
        clock: '2026-01-01T00:00:00.000Z',
      },
      {
        family: 'zaofu',
        id: 'junk-zaofu',
        title: 'junk',
        arch: 'junk/run.txt',
        critic: 'junk/run.txt',
        orchestrator: 'junk/run.txt',
        projectRoot: '/repo',
      },
    ];
    const junk = await runHost(dir, scenarios);
    const kinds = junk.scenarios.map((scenario) => scenario.decisions.map((entry) => entry.decision));
    expect(['command_failed', 'retry_protocol']).toContain(kinds[0]![0]);
    expect(kinds[1]).toEqual(['delegate', 'retry_step', 'delegate']);
    expect(kinds[2]).toEqual(['manifest_rejected', 'rework_design']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

function sessionWithOneStep() {
  return {
    session_id: 'ralph-cli-20260101-000000',
    source: 'ralph',
    status: 'running',
    intent: 'junk',
    lifecycle_position: 'execute',
    phase: 1,
    milestone: 'M1',
    cli_tool: 'codex',
    steps: [
      {
        index: 0,
        skill: 'maestro-execute',
        args: '',
        stage: 'execute',
        decision: null,
        command_scope: 'project',
        command_path: '.claude/commands/maestro-execute.md',
        status: 'pending',
        completion_confirmed: false,
        completion_status: null,
        completion_evidence: null,
        completed_at: null,
      },
    ],
  };
}

describe('the compiled example host', () => {
  it('typechecks against the built packages and prints the same decisions', () => {
    for (const dist of ['packages/core/dist/index.d.ts', 'packages/adapters/dist/index.d.ts']) {
      expect(existsSync(`${repoRoot}${dist}`), `${dist} is missing: build the packages first`).toBe(true);
    }
    const tsc = spawnSync(
      process.execPath,
      [`${repoRoot}node_modules/typescript/bin/tsc`, '-p', 'examples/host/tsconfig.json'],
      {
        cwd: repoRoot,
        encoding: 'utf8',
      },
    );
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
    expect(tsc.status).toBe(0);
    const host = spawnSync(process.execPath, ['examples/host/dist/main.js', '--json'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(host.stderr).toBe('');
    expect(host.status).toBe(0);
    expect(JSON.parse(host.stdout)).toEqual(JSON.parse(JSON.stringify(report)));
  }, 120_000);
});
