import { SkillpackError } from '@skillpack/core';
import type { AttemptRecord, ContractCandidate } from './attempt.js';

/** Every `HostErrorCode`, in one list the type is derived from (so a `switch` over the codes stays exhaustive). */
export const HOST_ERROR_CODES = [
  'cli_not_found',
  'unsupported_version',
  'exit_nonzero',
  'killed_by_signal',
  'api_error',
  'truncated',
  'run_incomplete',
  'session_missing',
  'session_mismatch',
  'timeout',
  'aborted',
  'attempts_exhausted',
] as const;

/**
 * Why `runContract` gave no value, one code per cause:
 * - `cli_not_found`: the CLI could not be started (not on PATH, not executable);
 * - `unsupported_version`: its `--version` is outside the range the adapters were proven on;
 * - `exit_nonzero`: it exited with a non-zero code and no error event of its own;
 * - `killed_by_signal`: a signal the runner did not send ended it;
 * - `api_error`: the run reported its own error (the model API failed, for one);
 * - `truncated`: the output stopped before the run's terminal event;
 * - `run_incomplete`: the run ended another way than complete (turn limit, output limit, refusal, unknown);
 * - `session_missing`: a correction was due but the run named no session to resume;
 * - `session_mismatch`: a resumed run reported another session than the one resumed, or none (every runtime
 *   resumes by session id); its answer is never read and the other session is never resumed;
 * - `timeout`: `timeoutMs` passed and the process group was killed;
 * - `aborted`: the `signal` aborted and the process group was killed;
 * - `attempts_exhausted`: every attempt completed but none satisfied the contract (`candidate` is the last).
 */
export type HostErrorCode = (typeof HOST_ERROR_CODES)[number];

/** Options of a `HostError`: the attempts made so far and, for `attempts_exhausted`, the last candidate. */
export interface HostErrorOptions {
  readonly attempts: readonly AttemptRecord[];
  readonly candidate?: ContractCandidate | undefined;
  readonly details?: Readonly<Record<string, unknown>>;
  readonly cause?: unknown;
}

/**
 * A run that gave no contract value, with the facts read so far: every attempt (the last one's run, exit,
 * signal and stderr tail included) and, when attempts ran out, the last candidate.
 */
export class HostError extends SkillpackError<HostErrorCode> {
  override name = 'HostError';
  /** Every attempt made, the failing one last; empty when the CLI never started. */
  readonly attempts: readonly AttemptRecord[];
  /** The last answer and why the contract refused it (`attempts_exhausted` only). */
  readonly candidate: ContractCandidate | undefined;

  constructor(code: HostErrorCode, message: string, options: HostErrorOptions) {
    super(code, message, {
      details: options.details ?? {},
      ...(options.cause === undefined ? {} : { cause: options.cause }),
    });
    this.attempts = options.attempts;
    this.candidate = options.candidate;
  }

  /** The last attempt, the one that failed; `undefined` when none started. */
  get lastAttempt(): AttemptRecord | undefined {
    return this.attempts.at(-1);
  }
}
