// What the SDK hosts share: one AgentRun read from an SDK's objects, judged by the same rules as
// `runContract`, into the same `RunContractResult`. A runtime's SDK driver lives in its runtime's folder.
import { type AgentRun, extractContract, type RuntimeId } from '@skillpack/adapters';
import { ConfigError, type Contract, describeValue, ProtocolError } from '@skillpack/core';
import type { AttemptOutcome, AttemptRecord, ContractCandidate } from './attempt.js';
import { HostError, type HostErrorCode } from './host-error.js';
import type { RunContractResult } from './run-contract.js';

/** One answer an SDK run gave before the end: what it said and the correction it was sent. */
export interface SdkAnswer {
  /** The text sent before it: the prompt (when known) for the first, the correction after. */
  readonly input: string;
  readonly correction: string | undefined;
  /** The answer that was corrected, as the run gave it. */
  readonly answer: string | undefined;
  readonly error: ProtocolError;
  readonly startedAt: number;
  readonly endedAt: number;
}

/** Where an SDK run came from and how its iterator ended. */
export interface SdkRunFacts {
  readonly runtime: RuntimeId;
  /** The SDK and its call, as `AttemptRecord.command` (`['@anthropic-ai/claude-agent-sdk', 'query']`). */
  readonly command: readonly [string, ...string[]];
  readonly run: AgentRun;
  /** What the SDK's iterator threw, if it threw. */
  readonly thrown?: unknown;
  readonly aborted: boolean;
  readonly nativeSchema: boolean;
  readonly startedAt: number;
}

/** Whether what an iterator threw is an abort (`AbortError`, as the SDKs and `AbortSignal` throw it). */
export function isAbort(thrown: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  if (!(thrown instanceof Error)) return false;
  return thrown.name === 'AbortError' || /\baborted\b/i.test(thrown.message);
}

/** The message of what an iterator threw. */
export function thrownMessage(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : describeValue(thrown);
}

/** A block budget: a non-negative integer at most `most` (the runtime's own cap, kept below it). */
export function blockBudget(value: unknown, fallback: number, most: number, owner: string): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= most) return value;
  throw new ConfigError(
    'invalid_option',
    `Option maxBlocks of ${owner} must be an integer from 0 to ${most}; received ${describeValue(value)}.`,
    { details: { option: 'maxBlocks' } },
  );
}

/** Attempts are counted in memory per session: consecutive blocks since the last answer let through. */
export class SessionBlocks {
  private readonly counts = new Map<string, number>();
  constructor(private readonly max: number) {}
  /** Claim one block for `session`; false when its budget is spent. */
  claim(session: string): boolean {
    const used = this.counts.get(session) ?? 0;
    if (used >= this.max) return false;
    this.counts.set(session, used + 1);
    return true;
  }
  clear(session: string): void {
    this.counts.delete(session);
  }
}

/** How a run that did not complete failed, in `runContract`'s codes; `undefined` for a complete run. */
export function sdkFailure(facts: SdkRunFacts): { code: HostErrorCode; message: string } | undefined {
  const { run } = facts;
  if (facts.aborted) return { code: 'aborted', message: 'The run was aborted.' };
  if (run.finish === 'complete') return undefined;
  const why = run.error ? `${run.error.code}: ${run.error.message}` : 'no detail';
  if (run.finish === 'error') return { code: 'api_error', message: `The run reported an error (${why}).` };
  if (facts.thrown !== undefined) {
    return {
      code: 'exit_nonzero',
      message: `The SDK failed before the run ended (${thrownMessage(facts.thrown)}); the run: ${why}.`,
    };
  }
  if (run.finish === 'truncated') {
    return { code: 'truncated', message: `The run stopped before its terminal event (${why}).` };
  }
  return { code: 'run_incomplete', message: `The run ended as "${run.finish}" (${why}), not complete.` };
}

/**
 * The `RunContractResult` of one SDK run read whole: the answers corrected inside it (Stop-hook blocks,
 * denied structured outputs) as attempts, then its final answer judged by the one-answer rule (a run that
 * did not complete is never read). A run the runtime ended after its own retries (Claude's
 * `error_max_structured_output_retries`) or its block cap is `attempts_exhausted`.
 */
export function sdkRunResult<T>(
  contract: Contract<T>,
  facts: SdkRunFacts,
  answers: readonly SdkAnswer[],
  exhaustedCodes: readonly string[] = [],
  firstInput = '',
): RunContractResult<T> {
  const { run } = facts;
  const record = (
    index: number,
    outcome: AttemptOutcome,
    input: string,
    correction: string | undefined,
    contractError: ProtocolError | undefined,
    startedAt: number,
    last: boolean,
  ): AttemptRecord => ({
    index,
    runtime: facts.runtime,
    contractId: contract.id,
    command: facts.command,
    pid: undefined,
    input,
    correction,
    sessionId: run.sessionId,
    run,
    usage: last ? run.usage : undefined,
    costUsd: last ? run.costUsd : undefined,
    exitCode: null,
    signal: null,
    stderrTail: '',
    timedOut: false,
    aborted: last && facts.aborted,
    nativeSchema: facts.nativeSchema,
    outcome,
    contractError,
    startedAt,
    endedAt: last ? Date.now() : startedAt,
  });
  const attempts: AttemptRecord[] = answers.map((answer, i) => ({
    ...record(i + 1, 'unsatisfied', answer.input, answer.correction, answer.error, answer.startedAt, false),
    endedAt: answer.endedAt,
  }));
  const index = attempts.length + 1;
  const previous = answers.at(-1);
  const input = previous ? (previous.correction ?? '') : firstInput;
  const correction = previous?.correction;
  const startedAt = previous?.endedAt ?? facts.startedAt;
  const details = { finish: run.finish, runError: run.error, sessionId: run.sessionId };
  const fail = (
    code: HostErrorCode,
    message: string,
    candidate?: ContractCandidate,
  ): RunContractResult<T> => ({
    ok: false,
    error: new HostError(code, message, {
      attempts,
      candidate,
      details,
      ...(facts.thrown === undefined ? {} : { cause: facts.thrown }),
    }),
    attempts,
  });
  const exhausted = run.error !== undefined && exhaustedCodes.includes(run.error.code);
  const failure = exhausted ? undefined : sdkFailure(facts);
  if (failure) {
    attempts.push(record(index, 'failed', input, correction, undefined, startedAt, true));
    return fail(failure.code, failure.message);
  }
  const judged = contract.judge(extractContract(run, contract, { acceptIncomplete: exhausted }));
  if (judged.satisfied && !exhausted) {
    attempts.push(record(index, 'satisfied', input, correction, undefined, startedAt, true));
    return { ok: true, value: judged.value, warnings: judged.warnings, sessionId: run.sessionId, attempts };
  }
  // A run the runtime ended after its own retries has no final answer: the last corrected one is the candidate.
  const error: ProtocolError =
    exhausted || judged.satisfied ? (previous?.error ?? contractErrorOf(run)) : judged.error;
  const denied = exhausted ? attempts.pop() : undefined;
  // The last denied answer is the run's last attempt: it carries the run's usage, not a copy of it.
  attempts.push(
    denied
      ? { ...denied, usage: run.usage, costUsd: run.costUsd, endedAt: Date.now() }
      : record(index, 'unsatisfied', input, correction, error, startedAt, true),
  );
  const count = attempts.length;
  const candidate: ContractCandidate = {
    ...(!judged.satisfied && judged.value !== undefined ? { value: judged.value } : {}),
    error,
    finalText: run.finalText,
  };
  const why = exhausted ? ` (the runtime stopped retrying: ${run.error?.code})` : '';
  return fail(
    'attempts_exhausted',
    `No answer satisfied ${contract.id} in ${count} attempt${count === 1 ? '' : 's'}${why}; the last failed with ${error.code}: ${error.message}`,
    candidate,
  );
}

function contractErrorOf(run: AgentRun): ProtocolError {
  const message =
    run.error?.message ?? 'The runtime stopped retrying before an answer satisfied the contract.';
  return new ProtocolError(run.error?.code ?? 'retries_exhausted', message);
}
