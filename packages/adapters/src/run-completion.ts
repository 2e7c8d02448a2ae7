import { describeValue, ProtocolError, type Result } from '@skillpack/core';
import type { AgentRun, FinishState, RunError } from './agent-run.js';

/** The one error code for a contract read from a run that did not complete. */
export const RUN_NOT_COMPLETE = 'run_not_complete';

/** What the contract would have read from an incomplete run, kept so a host may decide: its data or its error. */
export type RunCandidate = Result<unknown, { readonly code: string; readonly message: string }>;

/** The details of a `run_not_complete` error: how the run ended, and what the contract would have read. */
export interface RunNotCompleteDetails {
  readonly [key: string]: unknown;
  readonly runtime: AgentRun['runtime'];
  readonly finish: FinishState;
  /** Why the run did not complete, as the reader saw it. */
  readonly reason: RunError | undefined;
  /** The contract result on the run's final-message candidate, when a contract was asked for. */
  readonly candidate?: RunCandidate;
}

/** A complete run, or the typed reason it is not one. */
export type RunCompletion =
  | { readonly complete: true }
  | { readonly complete: false; readonly reason: RunError | undefined };

/** Whether a run completed: only `finish: 'complete'` does; every other finish says why in `run.error`. */
export function checkRunCompletion(run: AgentRun): RunCompletion {
  if (run.finish === 'complete') return { complete: true };
  return { complete: false, reason: run.error };
}

/**
 * The final answer of a run: its final message when the run completed, else `undefined` (a failed, cut or
 * self-contradictory run has no final answer, whatever its last message says). Every read path takes the
 * answer from here: `extractContract`, `createEventLineUnwrapper` and so the parsers of `@skillpack/core`,
 * and `skillpack parse`.
 */
export function finalAnswerOf(run: AgentRun): string | undefined {
  return checkRunCompletion(run).complete ? run.finalText : undefined;
}

/** The `run_not_complete` error for `run`, carrying the contract's candidate result when there is one. */
export function runNotCompleteError(run: AgentRun, candidate?: RunCandidate): ProtocolError {
  const why = run.error ? ` (${run.error.code}: ${describeValue(run.error.message, 160)})` : '';
  const seen =
    candidate === undefined
      ? ''
      : candidate.success
        ? ' Its final message holds a value, kept in details.candidate; accept it only knowingly.'
        : ` Its final message would not have satisfied the contract either (${candidate.error.code}).`;
  const details: RunNotCompleteDetails = {
    runtime: run.runtime,
    finish: run.finish,
    reason: run.error,
    ...(candidate === undefined ? {} : { candidate }),
  };
  return new ProtocolError(
    RUN_NOT_COMPLETE,
    `Expected ${run.runtime === 'unknown' ? 'a' : `a ${run.runtime}`} run that completed; this one ended as "${run.finish}"${why}, so its last message is not the agent's final answer.${seen}`,
    { details },
  );
}
