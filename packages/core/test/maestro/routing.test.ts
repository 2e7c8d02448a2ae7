import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  adjustGateVerdict,
  driftAction,
  type MaestroResult,
  type MaestroVerdict,
  nextStateAfterResult,
  parseVerdictBlock,
  safeParseResultBlock,
} from '../../src/maestro/index.js';
import { RESULT_STATUSES } from '../../src/maestro/result-schema.js';
import { DRIFT_SCORES } from '../../src/maestro/status-schema.js';

describe('nextStateAfterResult', () => {
  it.each([
    ['DONE', 'S_POST_ANALYZE'],
    ['DONE_WITH_CONCERNS', 'S_POST_ANALYZE'],
    ['NEEDS_RETRY', 'S_HANDLE_FAIL'],
    ['BLOCKED', 'S_HANDLE_FAIL'],
  ] as const)('%s -> %s', (status, state) => {
    expect(nextStateAfterResult(status)).toBe(state);
  });

  it('covers every result status', () => {
    expect(RESULT_STATUSES.map(nextStateAfterResult)).toHaveLength(4);
  });
});

describe('driftAction', () => {
  it.each([
    ['ALIGNED', false, { next: 'S_STEP_COMPLETE', action: 'complete' }],
    ['MINOR_DRIFT', false, { next: 'S_STEP_COMPLETE', action: 'complete_with_caveats' }],
    ['MAJOR_DRIFT', false, { next: 'S_STEP_LOAD', action: 'redelegate' }],
    [
      'MAJOR_DRIFT',
      true,
      { next: 'S_STEP_COMPLETE', action: 'complete_with_concerns', status: 'DONE_WITH_CONCERNS' },
    ],
  ] as const)('%s (retried: %s)', (score, retried, expected) => {
    expect(driftAction(score, retried)).toEqual(expected);
  });

  it('knows the three drift scores', () => {
    expect(DRIFT_SCORES).toEqual(['ALIGNED', 'MINOR_DRIFT', 'MAJOR_DRIFT']);
  });
});

describe('adjustGateVerdict', () => {
  it.each([
    [
      { verdict: 'proceed', confidence_score: 80, retry_count: 0, max_retries: 2 },
      'proceed',
      null,
      false,
      false,
    ],
    [
      { verdict: 'proceed', confidence_score: 59, retry_count: 0, max_retries: 2 },
      'fix',
      'low_confidence',
      false,
      true,
    ],
    [
      { verdict: 'proceed', confidence_score: 60, retry_count: 0, max_retries: 2 },
      'proceed',
      null,
      false,
      true,
    ],
    [{ verdict: 'fix', confidence_score: 96, retry_count: 1, max_retries: 2 }, 'fix', null, true, false],
    [{ verdict: 'fix', confidence_score: 96, retry_count: 0, max_retries: 2 }, 'fix', null, false, false],
    [
      { verdict: 'fix', confidence_score: 70, retry_count: 2, max_retries: 2 },
      'escalate',
      'max_retries',
      false,
      true,
    ],
    [
      { verdict: 'escalate', confidence_score: 10, retry_count: 5, max_retries: 2 },
      'escalate',
      null,
      false,
      false,
    ],
  ] as const)('%j -> %s', (input, verdict, guard, suggestProceed, closeCall) => {
    expect(adjustGateVerdict(input)).toEqual({
      verdict,
      guard,
      suggest_proceed: suggestProceed,
      close_call: closeCall,
    });
  });

  it('keeps a parse-failed verdict at fix until the retries run out', () => {
    const fallback = parseVerdictBlock('no verdict');
    expect(fallback.fallback).toBe(true);
    if (!fallback.fallback) return;
    const input = { verdict: fallback.verdict, confidence_score: fallback.confidence_score, max_retries: 2 };
    expect(adjustGateVerdict({ ...input, retry_count: 0 }).verdict).toBe('fix');
    expect(adjustGateVerdict({ ...input, retry_count: 2 }).verdict).toBe('escalate');
  });
});

describe('types', () => {
  it('narrows results and verdicts on the fallback marker', () => {
    const result = safeParseResultBlock('');
    if (result.success && result.data.fallback) expectTypeOf(result.data.error_code).toEqualTypeOf<'E013'>();
    expectTypeOf<Extract<MaestroResult, { fallback: false }>['STATUS']>().toEqualTypeOf<
      'DONE' | 'DONE_WITH_CONCERNS' | 'NEEDS_RETRY' | 'BLOCKED'
    >();
    expectTypeOf<Extract<MaestroVerdict, { fallback: true }>['verdict']>().toEqualTypeOf<'fix'>();
  });
});
