import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  buildContractInvalidPayload,
  findCompletionWarnFields,
  findMissingCompletionFields,
  isCompletionCheckSkipped,
  isDesignApprovalSignal,
  TaskContractInvalidPayloadSchema,
} from '../../src/zaofu/completion-payload.js';
import { type CompletionPayloadReport, checkCompletionPayload } from '../../src/zaofu/index.js';

const complete = { summary: 's', changed_files: [], evidence_refs: ['e'], tests_run: ['t'] };

describe('findMissingCompletionFields', () => {
  it.each([
    ['summary as a number', { ...complete, summary: 5 }, ['summary']],
    ['summary of Python whitespace', { ...complete, summary: '\u001c\u0085 ' }, ['summary']],
    ['changed_files as an object', { ...complete, changed_files: { a: 1 } }, ['changed_files']],
    ['changed_files null', { ...complete, changed_files: null }, ['changed_files']],
    ['tests_run as a string', { ...complete, tests_run: 'pytest' }, ['tests_run']],
    ['evidence_refs as a string', { ...complete, evidence_refs: 'log.txt' }, ['evidence_refs']],
    ['everything', {}, ['summary', 'changed_files', 'tests_run', 'evidence_refs']],
  ] as const)('verify.passed with %s', (_name, payload, missing) => {
    expect(findMissingCompletionFields('verify.passed', payload)).toEqual(missing);
  });

  it('treats a non-object payload as {} and inherited keys as absent', () => {
    expect(findMissingCompletionFields('dev.build.done', 'text')).toEqual([
      'summary',
      'changed_files',
      'evidence_refs',
    ]);
    const inherited = Object.create({ summary: 's', changed_files: [], evidence_refs: ['e'] }) as object;
    expect(findMissingCompletionFields('dev.build.done', inherited)).toEqual([
      'summary',
      'changed_files',
      'evidence_refs',
    ]);
  });

  it('checks only completion events', () => {
    expect(findMissingCompletionFields('gate.failed', {})).toEqual([]);
    expect(findMissingCompletionFields('artifact.manifest.published', {})).toEqual([]);
  });
});

describe('design approval signal', () => {
  it.each([
    [{ verdict: 'approve', checks: [] }, true],
    [{ recommendation: 'ship', checks: [] }, true],
    [{ verdict: '', recommendation: 'ship', checks: [] }, true],
    [{ verdict: '   ', checks: [] }, false],
    [{ verdict: 'approve', checks: {} }, false],
    [{ verdict: 'approve', checks: [], summary: 's' }, false],
    [{ verdict: 'approve', checks: [], evidence_refs: [] }, false],
    [{ verdict: 0, recommendation: 0, checks: [] }, false],
    [{ verdict: true, checks: [] }, true],
  ] as const)('%j -> %s', (payload, bypass) => {
    expect(isDesignApprovalSignal('design.critique.done', payload)).toBe(bypass);
    expect(isDesignApprovalSignal('arch.proposal.done', payload)).toBe(false);
  });
});

describe('warn fields', () => {
  it.each([
    [{ residual_risks: '  ', next_agent_input: ['x'] }, []],
    [{ residual_risks: 0, next_agent_input: false }, []],
    [{ residual_risks: {}, next_agent_input: null }, ['next_agent_input']],
  ] as const)('%j -> %j (only absent, null, empty string or list warn)', (extra, warnings) => {
    expect(findCompletionWarnFields('dev.build.done', { ...complete, ...extra })).toEqual(warnings);
  });
});

describe('orchestrator skip rule', () => {
  it.each([
    [{ fanout_id: 'f', child_id: 'c' }, 'review.approved', 'dev', true],
    [{ fanout_id: 'f' }, 'fanout.synth.completed', 'dev', true],
    [{ fanout_id: 'f' }, 'dev.build.done', 'zf-cli', true],
    [{ fanout_id: 'f' }, 'dev.build.done', 'dev', false],
    [{ child_id: 'c' }, 'dev.build.done', 'zf-cli', false],
    [{ fanout_id: '', child_id: 'c' }, 'dev.build.done', 'dev', false],
  ] as const)('%j on %s by %s -> skipped %s', (payload, type, actor, skipped) => {
    expect(isCompletionCheckSkipped({ type, payload, actor })).toBe(skipped);
  });
});

describe('checkCompletionPayload', () => {
  it('builds the task.contract.invalid audit payload the kernel appends', () => {
    const report = checkCompletionPayload({ type: 'dev.build.done', id: 'evt-1', actor: null, payload: {} });
    expectTypeOf(report).toEqualTypeOf<CompletionPayloadReport>();
    expect(report.audit).toEqual({
      reason: 'completion_payload_contract_violation',
      source_event_id: 'evt-1',
      source_event_type: 'dev.build.done',
      source_actor: '',
      missing_fields: ['summary', 'changed_files', 'evidence_refs'],
      warn_fields: ['residual_risks', 'next_agent_input'],
    });
    expect(TaskContractInvalidPayloadSchema.safeParse(report.audit).success).toBe(true);
  });

  it('builds the audit payload without an event id or warnings', () => {
    expect(buildContractInvalidPayload({ type: 't', payload: {} }, ['summary'])).toMatchObject({
      source_event_id: '',
      warn_fields: [],
    });
  });

  it.each([
    undefined,
    null,
    '',
    '{',
    [],
    42,
    'x'.repeat(2_000_000),
    JSON.parse('{"__proto__":{"polluted":true},"summary":"s"}'),
    { summary: '\ud800', changed_files: [], evidence_refs: [[[[]]]] },
  ])('never throws on payload junk %#', (payload) => {
    const report = checkCompletionPayload({ type: 'test.passed', payload });
    expect(report.evaluated).toBe(true);
    expect(report.missing_fields.length).toBeGreaterThan(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never throws on a junk event', () => {
    for (const event of [undefined, null, 42, 'x', []]) {
      expect(() => checkCompletionPayload(event as never)).not.toThrow();
    }
  });
});
