import type { ResultStatus } from './result-schema.js';
import type { DriftScore } from './status-schema.js';

/** Where `S_STEP_ANALYZE` goes for a result status (a fallback result is DONE_WITH_CONCERNS). */
export function nextStateAfterResult(status: ResultStatus): 'S_POST_ANALYZE' | 'S_HANDLE_FAIL' {
  return status === 'DONE' || status === 'DONE_WITH_CONCERNS' ? 'S_POST_ANALYZE' : 'S_HANDLE_FAIL';
}

/** What the orchestrator does about a step's drift score: complete, complete with caveats, or correct. */
export type DriftAction =
  | { readonly next: 'S_STEP_COMPLETE'; readonly action: 'complete' }
  /** Append the drift items to `completion_caveats`, then complete normally. */
  | { readonly next: 'S_STEP_COMPLETE'; readonly action: 'complete_with_caveats' }
  /** Write `step.drift_correction` and compose + delegate again with it. */
  | { readonly next: 'S_STEP_LOAD'; readonly action: 'redelegate' }
  /** Complete as DONE_WITH_CONCERNS and leave the call to the next decision node. */
  | {
      readonly next: 'S_STEP_COMPLETE';
      readonly action: 'complete_with_concerns';
      readonly status: 'DONE_WITH_CONCERNS';
    };

/** `A_POST_ANALYZE_DRIFT` step 4: what a drift score leads to; MAJOR_DRIFT re-delegates once. */
export function driftAction(score: DriftScore, retried: boolean): DriftAction {
  switch (score) {
    case 'ALIGNED':
      return { next: 'S_STEP_COMPLETE', action: 'complete' };
    case 'MINOR_DRIFT':
      return { next: 'S_STEP_COMPLETE', action: 'complete_with_caveats' };
    case 'MAJOR_DRIFT':
      return retried
        ? { next: 'S_STEP_COMPLETE', action: 'complete_with_concerns', status: 'DONE_WITH_CONCERNS' }
        : { next: 'S_STEP_LOAD', action: 'redelegate' };
  }
}

/** The verdict an orchestrator applies at a quality-gate decision node. */
export const GATE_VERDICTS = ['proceed', 'fix', 'escalate'] as const;
/** The verdict an orchestrator applies at a quality-gate node, one of `GATE_VERDICTS`. */
export type GateVerdict = (typeof GATE_VERDICTS)[number];

/** What a gate verdict is adjusted on: the evaluator's verdict and confidence, and the retries so far. */
export interface GateVerdictInput {
  readonly verdict: GateVerdict;
  readonly confidence_score: number;
  readonly retry_count: number;
  readonly max_retries: number;
}

/**
 * A gate verdict after the orchestrator's guards: the verdict applied, the guard that changed it, and a
 * suggestion.
 */
export interface AdjustedGateVerdict {
  readonly verdict: GateVerdict;
  /** The guard that changed the verdict, if one did. */
  readonly guard: 'max_retries' | 'low_confidence' | null;
  /** Confidence above 95 on a retried fix: proceeding is suggested, not applied. */
  readonly suggest_proceed: boolean;
  /** Logged to decisions.ndjson: a score from 50 to 70. */
  readonly close_call: boolean;
}

/** Confidence below this turns a proceed into a fix. */
export const GATE_CONFIDENCE_FLOOR = 60;

/**
 * The S_APPLY_VERDICT guards: retries exhausted force `escalate`; a proceed below confidence 60 becomes
 * `fix`; a fix above 95 on a retry suggests proceeding. A parse-failed verdict arrives as fix with score 0.
 */
export function adjustGateVerdict(input: GateVerdictInput): AdjustedGateVerdict {
  const score = input.confidence_score;
  const closeCall = score >= 50 && score <= 70;
  if (input.retry_count >= input.max_retries && input.verdict !== 'escalate') {
    return { verdict: 'escalate', guard: 'max_retries', suggest_proceed: false, close_call: closeCall };
  }
  if (input.verdict === 'proceed' && score < GATE_CONFIDENCE_FLOOR) {
    return { verdict: 'fix', guard: 'low_confidence', suggest_proceed: false, close_call: closeCall };
  }
  return {
    verdict: input.verdict,
    guard: null,
    suggest_proceed: input.verdict === 'fix' && score > 95 && input.retry_count > 0,
    close_call: closeCall,
  };
}

/** What a post-reground evaluator reports. */
export const REGROUND_VERDICTS = ['aligned', 'drifted'] as const;
/** What a post-reground evaluator reports, one of `REGROUND_VERDICTS`. */
export type RegroundVerdict = (typeof REGROUND_VERDICTS)[number];

/** Where a session goes after a reground: it halts with a drift warning, or proceeds to the next step. */
export type RegroundStep =
  /** The session pauses with a drift warning (`session.status = "paused"`). */
  | { readonly next: 'END'; readonly action: 'A_REGROUND_HALT' }
  | { readonly next: 'S_STEP_LOCATE'; readonly action: 'A_APPLY_PROCEED'; readonly low_confidence: boolean };

/**
 * The third S_APPLY_VERDICT guard (seed 002): "post-reground + drifted + confidence >= 60 → A_REGROUND_HALT
 * (auto_confirm 不跳过)"; maestro-ralph v0.5.43 proceeds on `aligned`, and on `drifted` below 60 marked LOW
 * CONFIDENCE. It takes no auto_confirm: auto-confirmation never skips the halt.
 */
export function applyRegroundVerdict(input: {
  readonly verdict: RegroundVerdict;
  readonly confidence_score: number;
}): RegroundStep {
  if (input.verdict === 'drifted' && input.confidence_score >= GATE_CONFIDENCE_FLOOR) {
    return { next: 'END', action: 'A_REGROUND_HALT' };
  }
  return { next: 'S_STEP_LOCATE', action: 'A_APPLY_PROCEED', low_confidence: input.verdict === 'drifted' };
}
