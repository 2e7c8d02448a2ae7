import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { toRalphCompleteArgv } from '../../src/maestro/complete-command.js';
import {
  applyResultSignals,
  parseResultBlock,
  type RalphSession,
  ralphComplete,
  ralphCompleteFromArgv,
  ralphRetryFromArgv,
  safeParseRalphCompleteArgv,
  safeParseRunVerdict,
  toRalphCompleteArgs,
} from '../../src/maestro/index.js';
import { RalphSessionSchema, ralphSessionJsonSchema } from '../../src/maestro/status-schema.js';
import { type RalphCompleteCase, ralphCompleteCases } from './_conformance.js';

const NOW = '2026-06-28T12:34:56.000Z';
const clock = { now: NOW };
const HANDLED_KEYS = new Set(['exit_code', 'step', 'session', 'stderr_contains', 'unchanged', 'same_as']);

function run(testCase: RalphCompleteCase) {
  const session = structuredClone(testCase.session_before);
  if (testCase.args_cmd !== undefined) {
    const words = testCase.args_cmd.split(' ');
    expect(words.slice(0, 3)).toEqual(['maestro', 'ralph', 'retry']);
    return { session, result: ralphRetryFromArgv(session, words.slice(3), clock) };
  }
  return { session, result: ralphCompleteFromArgv(session, testCase.args, clock) };
}

const byId = new Map(ralphCompleteCases.cases.map((testCase) => [testCase.id, testCase]));
const expectedValue = (value: unknown) => (value === '<now ISO>' ? NOW : value);

describe('conformance: ralph_complete_cases.json', () => {
  it('has cases and only expectations this suite checks', () => {
    expect(ralphCompleteCases.cases.length).toBeGreaterThanOrEqual(12);
    for (const testCase of ralphCompleteCases.cases) {
      for (const key of Object.keys(testCase.expected))
        expect(HANDLED_KEYS, `${testCase.id}: ${key}`).toContain(key);
    }
  });

  it.each(ralphCompleteCases.cases.map((testCase) => [testCase.id, testCase] as const))(
    '%s',
    (_id, testCase) => {
      const { expected } = testCase;
      const { session, result } = run(testCase);
      expect(session, 'the input session is never mutated').toEqual(testCase.session_before);
      if (expected.exit_code !== 0) {
        expect(result.success).toBe(false);
        if (result.success) return;
        expect(result.error.exitCode).toBe(expected.exit_code);
        if (expected.stderr_contains !== undefined)
          expect(result.error.stderr.join('\n')).toContain(expected.stderr_contains);
        return;
      }
      expect(result.success).toBe(true);
      if (!result.success) return;
      expect(result.data.exitCode).toBe(0);
      expect(RalphSessionSchema.safeParse(result.data.session).success).toBe(true);
      if (expected.same_as !== undefined) {
        const other = run(byId.get(expected.same_as) as RalphCompleteCase).result;
        expect(other.success && other.data.session).toEqual(result.data.session);
      }
      for (const [key, value] of Object.entries(expected.step ?? {})) {
        expect(result.data.step[key], `step.${key}`).toEqual(expectedValue(value));
      }
      for (const [key, value] of Object.entries(expected.session ?? {})) {
        expect(result.data.session[key], `session.${key}`).toEqual(value);
      }
      expect(result.data.session.steps[0]).toEqual(result.data.step);
    },
  );

  it.each(ralphCompleteCases.later_version_note.cases.map((row) => [row.input, row.expected] as const))(
    'later --verdict normalisation: %j -> %j',
    (input, expected) => {
      const result = safeParseRunVerdict(input);
      expect(result.success ? result.data : null).toBe(expected);
    },
  );
});

const SESSION: RalphSession = RalphSessionSchema.parse({
  ...ralphCompleteCases.cases[0]?.session_before,
  custom_field: { kept: true },
  context: { plan_dir: null },
});

describe('safeParseRalphCompleteArgv', () => {
  it('reads --opt=value, repeatable options and a lower-case status', () => {
    const result = safeParseRalphCompleteArgv([
      '2',
      '--status=done_with_concerns',
      '--evidence',
      'a',
      '--evidence=b',
      '--summary',
      '-x-',
    ]);
    expect(result).toEqual({
      success: true,
      data: {
        index: 2,
        status: 'DONE_WITH_CONCERNS',
        evidence: ['a', 'b'],
        summary: '-x-',
        decisions: [],
        deferred: [],
        concerns: undefined,
        reason: undefined,
        caveats: undefined,
        session: undefined,
      },
    });
  });

  it.each([
    [['0'], 1, "error: required option '--status <status>' not specified"],
    [['0', '--status'], 1, "error: option '--status <status>' argument missing"],
    [['0', '--status', 'DONE', '--force'], 1, "error: unknown option '--force'"],
    [['--status', 'DONE'], 1, "error: missing required argument 'index'"],
    [
      ['0', '1', '--status', 'DONE'],
      1,
      "error: too many arguments for 'complete'. Expected 1 argument but got 2.",
    ],
    [['x', '--status', 'DONE'], 2, '[ralph complete] <index> must be a non-negative integer (got "x")'],
    [['-1.5', '--status', 'DONE'], 2, '[ralph complete] <index> must be a non-negative integer (got "-1.5")'],
    [['-1e3', '--status', 'DONE'], 2, '[ralph complete] <index> must be a non-negative integer (got "-1e3")'],
    [['0', '-x', '--status', 'DONE'], 1, "error: unknown option '-x'"],
    [
      ['--status', 'DONE', '--', '-2'],
      2,
      '[ralph complete] <index> must be a non-negative integer (got "-2")',
    ],
    [
      ['0', '--status', 'DONE_ISH'],
      2,
      '[ralph complete] --status must be one of: DONE, DONE_WITH_CONCERNS, NEEDS_RETRY, BLOCKED (got "DONE_ISH")',
    ],
  ] as const)('refuses %j with exit %i', (argv, exitCode, message) => {
    const result = safeParseRalphCompleteArgv(argv);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.exitCode).toBe(exitCode);
    expect(result.error.message).toBe(message);
    expect(result.error.details.exitCode).toBe(exitCode);
  });

  it('reads the index with parseInt like upstream, so "1.5" is step 1', () => {
    expect(safeParseRalphCompleteArgv(['1.5', '--status', 'DONE'])).toMatchObject({
      success: true,
      data: { index: 1 },
    });
  });

  it('renders arguments that read back to the same value', () => {
    const args = toRalphCompleteArgs(
      parseResultBlock(
        '---RESULT---\nSTATUS: DONE_WITH_CONCERNS\nSUMMARY: s\nEVIDENCE: e1,e2\nCAVEATS: c\nDEFERRED: d\n---END---',
      ),
      3,
      'ralph-cli-1',
    );
    const reread = safeParseRalphCompleteArgv(toRalphCompleteArgv(args));
    expect(reread).toEqual({ success: true, data: { ...args, reason: undefined } });
  });
});

describe('ralphComplete', () => {
  it('keeps fields it does not know and accepts a Date clock', () => {
    const result = ralphComplete(SESSION, { index: 0, status: 'DONE' }, { now: new Date(NOW) });
    expect(result.success && result.data.session.custom_field).toEqual({ kept: true });
    expect(result.success && result.data.step.completed_at).toBe(NOW);
    expect(result.success && result.data.message).toBe(
      '[ralph complete] session=ralph-cli-20260628-120000 step=0 status=DONE',
    );
  });

  it('refuses a session that does not match the status.json schema with E010', () => {
    const { intent: _intent, ...broken } = SESSION;
    const result = ralphComplete(broken, { index: 0, status: 'DONE' }, clock);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result).toMatchObject({ error: { code: 'E010', exitCode: 1, details: { fieldPath: 'intent' } } });
  });

  it('refuses a session whose id is not the requested --session', () => {
    const result = ralphComplete(SESSION, { index: 0, status: 'DONE', session: 'ralph-cli-other' }, clock);
    expect(result.success || [result.error.code, result.error.exitCode]).toEqual(['no_session', 1]);
  });

  it('closes the loop: result block -> complete arguments -> session, signals -> context', () => {
    const block = parseResultBlock(
      [
        '---RESULT---',
        'STATUS: DONE',
        'SUMMARY: Planned 8 tasks',
        'ARTIFACTS: plan.json',
        'EVIDENCE: plan.json',
        'DECISIONS: wave mode；split JWT',
        'CAVEATS: API unconfirmed',
        'DEFERRED: perf bench',
        'SIGNALS: plan_dir=.workflow/scratch/PLN-1;ANL-xxx=ANL-7;phase=2',
        '---END---',
      ].join('\n'),
    );
    const completed = ralphComplete(SESSION, toRalphCompleteArgs(block, 0), clock);
    expect(completed.success).toBe(true);
    if (!completed.success) return;
    expect(completed.data.step).toMatchObject({
      status: 'completed',
      completion_status: 'DONE',
      completion_summary: 'Planned 8 tasks',
      completion_evidence: 'plan.json',
      completion_decisions: ['wave mode', 'split JWT'],
      completion_caveats: 'API unconfirmed',
      completion_deferred: ['perf bench'],
      concerns: null,
    });
    const { session } = applyResultSignals(completed.data.session, block.SIGNALS);
    expect(session.analyze_macro_id).toBe('ANL-7');
    expect(session.context).toEqual({ plan_dir: '.workflow/scratch/PLN-1', phase: '2' });
  });

  it('takes typed arguments through the same checks as argv', () => {
    expect(ralphComplete(SESSION, { index: 0, status: 'done' as never }, clock).success).toBe(true);
    const negative = ralphComplete(SESSION, { index: -1, status: 'DONE' }, clock);
    expect(negative.success || [negative.error.code, negative.error.exitCode]).toEqual(['invalid_index', 2]);
    const wrongType = ralphComplete(SESSION, { index: 0, status: 'DONE', evidence: 'a' as never }, clock);
    expect(wrongType.success || wrongType.error.details.fieldPath).toBe('evidence');
    expect(wrongType.success || [wrongType.error.code, wrongType.error.exitCode]).toEqual([
      'invalid_arguments',
      2,
    ]);
  });

  it('emits a status.json JSON Schema that accepts every conformance session', () => {
    const validate = new Ajv2020({ strict: false }).compile(ralphSessionJsonSchema());
    for (const testCase of ralphCompleteCases.cases) {
      if (testCase.session_before === null) continue;
      expect(validate(testCase.session_before), JSON.stringify(validate.errors)).toBe(true);
    }
    expect(validate({ ...SESSION, status: 'sleeping' })).toBe(false);
  });
});
