import { describe, expect, it } from 'vitest';
import {
  type CommandInspection,
  checkRalphSession,
  executorStatusForNextExit,
  ralphNext,
} from '../../src/maestro/index.js';
import { hasRalphErrors } from '../../src/maestro/ralph-check.js';
import { statusCheckCases } from './_conformance.js';

const HANDLED_KEYS = new Set(['findings_include', 'runNext_exit_code', 'session_after']);

describe('conformance: status_check_cases.json', () => {
  it('has cases and only expectations this suite checks', () => {
    expect(statusCheckCases.cases.length).toBeGreaterThanOrEqual(4);
    for (const testCase of statusCheckCases.cases) {
      for (const key of Object.keys(testCase.expected))
        expect(HANDLED_KEYS, `${testCase.id}: ${key}`).toContain(key);
    }
  });

  it.each(statusCheckCases.cases.map((testCase) => [testCase.id, testCase] as const))(
    '%s',
    (_id, testCase) => {
      const before = structuredClone(testCase.session);
      const findings = checkRalphSession(testCase.session);
      for (const finding of testCase.expected.findings_include)
        expect(findings).toContainEqual(expect.objectContaining(finding));
      if (testCase.expected.runNext_exit_code !== undefined) {
        const outcome = ralphNext(testCase.session);
        expect(outcome.exitCode).toBe(testCase.expected.runNext_exit_code);
        expect(outcome.session).toMatchObject(testCase.expected.session_after ?? {});
        expect(outcome.changed).toBe(true);
      }
      expect(testCase.session, 'the input session is never mutated').toEqual(before);
    },
  );
});

const step = (index: number, patch: Record<string, unknown> = {}) => ({
  index,
  stage: 'plan',
  status: 'pending',
  skill: `skill-${index}`,
  decision: null,
  command_path: `/skills/skill-${index}/SKILL.md`,
  completion_confirmed: false,
  ...patch,
});
const session = (steps: unknown[], patch: Record<string, unknown> = {}) => ({
  session_id: 'ralph-cli-1',
  status: 'running',
  active_step_index: null,
  steps,
  ...patch,
});
const LAST = step(1, { skill: 'maestro-milestone-complete' });

describe('checkRalphSession', () => {
  it('finds nothing in a healthy chain', () => {
    expect(checkRalphSession(session([step(0), LAST]))).toEqual([]);
  });

  it.each([
    ['steps that are not an array', session('x' as never), 'E010', 'session.steps is not an array'],
    ['a step that is not an object', session([42, LAST]), 'E010', 'step is not an object'],
    ['an index out of position', session([step(3), LAST]), 'E010', 'step.index 3 != position 0'],
    [
      'a non-integer active index',
      session([step(0), LAST], { active_step_index: '0' }),
      'E008',
      'active_step_index "0" out of range',
    ],
    [
      'an active step that failed',
      session([step(0, { status: 'failed' }), LAST], { active_step_index: 0 }),
      'E008',
      'active_step_index step.status is "failed"; expected running|pending',
    ],
    [
      'an active step that completed',
      session([step(0, { status: 'completed', completion_confirmed: true }), LAST], { active_step_index: 0 }),
      'W005',
      'active_step_index points to a completed step; next will auto-clear',
    ],
    [
      'a chain that does not end the milestone',
      session([step(0)]),
      'W008',
      'chain does not terminate with milestone-complete (last skill: skill-0)',
    ],
  ] as const)('reports %s', (_name, input, code, message) => {
    expect(checkRalphSession(input)).toContainEqual(expect.objectContaining({ code, message }));
  });

  it('holds a cli-delegate session to its invariants: a ralph-cli-{YYYYMMDD-HHmmss} id and platform codex', () => {
    const delegate = { execution_mode: 'cli-delegate', platform: 'codex' };
    const good = session([step(0), LAST], { ...delegate, session_id: 'ralph-cli-20260628-120000' });
    expect(checkRalphSession(good)).toEqual([]);
    const findings = checkRalphSession(
      session([step(0), LAST], { ...delegate, session_id: 'ralph-cli-1', platform: 'claude' }),
    );
    expect(findings).toEqual([
      expect.objectContaining({
        level: 'E',
        code: 'E010',
        message: expect.stringContaining('ralph-cli-{YYYYMMDD-HHmmss}'),
      }),
      expect.objectContaining({
        level: 'E',
        code: 'E010',
        message: expect.stringContaining('platform "codex"'),
      }),
    ]);
    expect(ralphNext(session([step(0), LAST], { ...delegate, platform: 'claude' })).exitCode).not.toBe(0);
  });

  it('skips decision nodes and skipped steps for command checks', () => {
    const steps = [
      step(0, { decision: 'post-plan', command_path: null }),
      step(1, { status: 'skipped', command_path: null }),
    ];
    expect(checkRalphSession(session([...steps, step(2, { skill: 'maestro-milestone-complete' })]))).toEqual(
      [],
    );
  });

  it.each([
    [
      { exists: false },
      [{ level: 'E', code: 'E006', message: 'command_path missing on disk: /skills/skill-0/SKILL.md' }],
    ],
    [
      { exists: true, missingRequired: ['guide.md'], frontmatterName: 'other' },
      [
        { level: 'E', code: 'E007', message: 'required_reading missing: guide.md' },
        { level: 'W', code: 'W007', message: 'step.skill "skill-0" != frontmatter.name "other"' },
      ],
    ],
    [
      { error: 'bad yaml' },
      [{ level: 'E', code: 'E010', message: 'failed to parse command_path manifest: bad yaml' }],
    ],
  ] as const)('checks command files through inspectCommand: %j', (inspection, expected) => {
    const inspectCommand = (path: string): CommandInspection =>
      path.includes('skill-0') ? (inspection as CommandInspection) : { exists: true };
    const findings = checkRalphSession(session([step(0), LAST]), { inspectCommand });
    expect(findings).toEqual(expected.map((finding) => ({ ...finding, step_index: 0 })));
  });

  it('reports an inspectCommand that throws as E010 instead of throwing', () => {
    const inspectCommand = (): CommandInspection => {
      throw new Error('EACCES');
    };
    expect(hasRalphErrors(checkRalphSession(session([step(0), LAST]), { inspectCommand }))).toBe(true);
  });
});

describe('ralphNext', () => {
  it('loads the first pending execution step, skipping decision nodes', () => {
    const input = session([
      step(0, { status: 'completed', completion_confirmed: true }),
      step(1, { decision: 'post-plan' }),
      step(2),
      step(3, { skill: 'maestro-milestone-complete' }),
    ]);
    const outcome = ralphNext(input);
    expect(outcome).toMatchObject({ kind: 'loaded', exitCode: 0, stepIndex: 2, changed: true });
    expect(outcome.session).toMatchObject({ active_step_index: 2, ralph_protocol_version: '2' });
    expect(((outcome.session?.steps ?? []) as { status: string }[]).map((s) => s.status)).toEqual([
      'completed',
      'pending',
      'running',
      'pending',
    ]);
    expect(input.active_step_index).toBeNull();
  });

  it('pauses a session with an E-level finding and clears its active step', () => {
    const input = session([step(0, { status: 'failed' }), LAST], { active_step_index: 0 });
    const outcome = ralphNext(input);
    expect(outcome).toMatchObject({ kind: 'paused', exitCode: 1, changed: true });
    expect(outcome.session).toMatchObject({ status: 'paused', active_step_index: null });
    expect(outcome.stderr).toContain(
      '  E008 [step 0]: active_step_index step.status is "failed"; expected running|pending',
    );
  });

  it('clears a stale active index that points at a completed step', () => {
    const outcome = ralphNext(
      session([step(0, { status: 'completed', completion_confirmed: true }), LAST], { active_step_index: 0 }),
    );
    expect(outcome).toMatchObject({ kind: 'loaded', stepIndex: 1, session: { active_step_index: 1 } });
  });

  it.each([
    [
      'a paused session',
      session([step(0), LAST], { status: 'paused' }),
      'refused',
      1,
      'session is "paused", not running',
    ],
    [
      'an active running step',
      session([step(0, { status: 'running' }), LAST], { active_step_index: 0 }),
      'refused',
      3,
      'step 0 is still active',
    ],
    [
      'a pending decision',
      session([
        step(0, { status: 'completed', completion_confirmed: true }),
        step(1, { decision: 'post-verify', skill: '' }),
      ]),
      'no_pending',
      2,
      'next is a decision node: post-verify',
    ],
    [
      'a finished chain',
      session([
        step(0, { status: 'completed', completion_confirmed: true }),
        { ...LAST, status: 'completed', completion_confirmed: true },
      ]),
      'no_pending',
      2,
      'all complete',
    ],
  ] as const)('returns %s outcome', (_name, input, kind, exitCode, stderr) => {
    const outcome = ralphNext(input);
    expect(outcome).toMatchObject({ kind, exitCode, changed: false });
    expect(outcome.stderr.join('\n')).toContain(stderr);
  });

  it.each([
    [0, null],
    [1, 'BLOCKED'],
    [2, 'DONE'],
    [3, 'BLOCKED'],
    [9, undefined],
  ] as const)('maps ralph next exit %i to executor STATUS %j', (exitCode, status) => {
    expect(executorStatusForNextExit(exitCode)).toBe(status);
  });
});
