import type { AnyContract } from '@skillpack/core';
import type { ContractCheck, ContractFailure } from './contract-check.js';
import type { StopHookOutput } from './stop-hook-output.js';

/** Why a hook let the agent stop. */
export type AllowReason = 'satisfied' | 'not_attempted' | 'budget_spent' | 'hook_error' | 'not_a_stop_event';

/**
 * `always`: every stop must satisfy a contract (a skill-scoped hook, active only while its skill is).
 * `attempted`: only a stop whose message attempts a contract is checked (a plugin- or project-wide hook,
 * which also sees sessions that never used the skill and must leave them alone).
 */
export const ENFORCE_MODES = ['always', 'attempted'] as const;
export type EnforceMode = (typeof ENFORCE_MODES)[number];

/** Whether a stop is blocked (with the correction fed back to the agent) or allowed, and why. */
export type StopDecision =
  | {
      readonly kind: 'block';
      /** The corrective instruction the runtime feeds to the agent. */
      readonly reason: string;
      /** A one-line notice for the person watching the session. */
      readonly systemMessage: string;
      /** Consecutive blocks including this one. */
      readonly blocks: number;
      readonly failures: readonly ContractFailure[];
    }
  | { readonly kind: 'allow'; readonly because: 'satisfied'; readonly contractId: string }
  | { readonly kind: 'allow'; readonly because: 'not_attempted' }
  | {
      readonly kind: 'allow';
      readonly because: Exclude<AllowReason, 'satisfied' | 'not_attempted'>;
      readonly systemMessage: string;
    };

export interface StopDecisionInput {
  readonly check: ContractCheck;
  /** Consecutive stops this hook already blocked in the current chain. */
  readonly blocksSoFar: number;
  /** How many consecutive stops may be blocked before the agent is let through anyway. */
  readonly maxBlocks: number;
  /** Which stops are checked at all (default `always`). */
  readonly enforce?: EnforceMode;
}

/**
 * What a stop's wording needs of one contract the message failed: the whole hook derives it from the contract
 * and its error, a pack hook's fast path from what its build derived.
 */
export interface FailureWording {
  readonly id: string;
  readonly title: string;
  readonly code: string;
  readonly message: string;
  readonly attempted: boolean;
  /** The contract's correction of its error. */
  correction(): string;
  /** The contract's first example as the agent writes it, indented under a list item; empty when it has none. */
  example(): string;
}

function correctionFor(failure: ContractFailure): string {
  try {
    return failure.contract.correct(failure.error);
  } catch {
    return `Your answer does not satisfy the ${failure.contract.title} contract: ${failure.error.message}`;
  }
}

/** `contract`'s first example as the agent writes it, indented under a list item; empty when it has none. */
export function exampleOf(contract: AnyContract): string {
  const example = contract.examples[0];
  if (example === undefined) return '';
  try {
    return `, for example:\n${contract
      .render(example.value)
      .split('\n')
      .map((line) => `  ${line}`)
      .join('\n')}`;
  } catch {
    return '';
  }
}

/** How a stop words `failure`: from its contract and error. */
export function wordingOf(failure: ContractFailure): FailureWording {
  return {
    id: failure.contract.id,
    title: failure.contract.title,
    code: failure.error.code,
    message: failure.error.message,
    attempted: failure.attempted,
    correction: () => correctionFor(failure),
    example: () => exampleOf(failure.contract),
  };
}

/**
 * The instruction sent back to the agent. Only the contracts the answer attempted are corrected: one is
 * its own correction, several are each named with theirs. When the answer attempted none, one contract's
 * correction says what it expects, and several are one short list of the answers expected.
 */
export function correctiveReason(failures: readonly ContractFailure[]): string {
  return reasonOf(failures.map(wordingOf));
}

function reasonOf(failures: readonly FailureWording[]): string {
  const attempted = failures.filter((failure) => failure.attempted);
  const relevant = attempted.length > 0 ? attempted : failures;
  if (relevant.length === 1) return relevant[0]!.correction();
  const ids = relevant.map((failure) => failure.id).join(', ');
  if (attempted.length === 0) {
    const expected = relevant.map((failure) => `- ${failure.title} (${failure.id})${failure.example()}`);
    return [
      `Your final message must end with the answer of one of these contracts: ${ids}.`,
      ...expected,
    ].join('\n');
  }
  const parts = relevant.map((failure) => `[${failure.id}]\n${failure.correction()}`);
  return [`Your final message must satisfy one of these contracts: ${ids}.`, ...parts].join('\n\n');
}

/** A decision on a stop no contract is satisfied by, keeping its failures `F` in a block. */
export type UnsatisfiedDecision<F> =
  | {
      readonly kind: 'block';
      readonly reason: string;
      readonly systemMessage: string;
      readonly blocks: number;
      readonly failures: readonly F[];
    }
  | { readonly kind: 'allow'; readonly because: 'not_attempted' }
  | { readonly kind: 'allow'; readonly because: 'budget_spent'; readonly systemMessage: string };

/** `decideStop` for a message no contract is satisfied by, each failure worded by `wording`. Pure. */
export function decideUnsatisfied<F>(
  failures: readonly F[],
  wording: (failure: F) => FailureWording,
  { blocksSoFar, maxBlocks, enforce = 'always' }: Omit<StopDecisionInput, 'check'>,
): UnsatisfiedDecision<F> {
  const worded = failures.map(wording);
  if (enforce === 'attempted' && !worded.some((failure) => failure.attempted)) {
    return { kind: 'allow', because: 'not_attempted' };
  }
  const failed = worded.map((failure) => `${failure.id} (${failure.code})`).join(', ');
  if (blocksSoFar >= maxBlocks) {
    const last = worded[0]?.message ?? '';
    return {
      kind: 'allow',
      because: 'budget_spent',
      systemMessage: `skillpack: ${failed} still not satisfied after ${blocksSoFar} blocked stop(s); letting the agent stop. Last problem: ${last}`,
    };
  }
  const blocks = blocksSoFar + 1;
  return {
    kind: 'block',
    reason: reasonOf(worded),
    systemMessage: `skillpack: ${failed} not satisfied; asking the agent to fix its answer (${blocks} of ${maxBlocks}).`,
    blocks,
    failures,
  };
}

/** Decide a stop from a contract check and the retry budget. Pure. */
export function decideStop({ check, ...budget }: StopDecisionInput): StopDecision {
  if (check.satisfied) return { kind: 'allow', because: 'satisfied', contractId: check.contract.id };
  return decideUnsatisfied(check.failures, wordingOf, budget);
}

/** Let the stop through because the hook itself could not check it; the message says why. */
export function allowBecauseOfHookError(message: string): StopDecision {
  return { kind: 'allow', because: 'hook_error', systemMessage: `skillpack-hook: ${message}` };
}

/** What a stop decision's printed document depends on: a block's texts, an allow's reason and notice. */
export type DecisionWording =
  | { readonly kind: 'block'; readonly reason: string; readonly systemMessage: string }
  | { readonly kind: 'allow'; readonly because: 'satisfied' }
  | { readonly kind: 'allow'; readonly because: 'not_attempted' }
  | {
      readonly kind: 'allow';
      readonly because: Exclude<AllowReason, 'satisfied' | 'not_attempted'>;
      readonly systemMessage: string;
    };

/** Turn a stop decision into the JSON document a Stop hook prints on stdout. */
export function toStopHookOutput(decision: StopDecision): StopHookOutput {
  return stopHookOutputOf(decision);
}

/** `toStopHookOutput` of any decision, a fast path's included. */
export function stopHookOutputOf(decision: DecisionWording): StopHookOutput {
  if (decision.kind === 'block') {
    return { decision: 'block', reason: decision.reason, systemMessage: decision.systemMessage };
  }
  if (decision.because === 'satisfied' || decision.because === 'not_attempted') return {};
  return { systemMessage: decision.systemMessage };
}

/** What a hook process prints: its document on stdout, and on stderr the notice of an allow that has one. */
export interface PrintedDecision {
  readonly stdout: string;
  readonly stderr: string;
}

/** What a hook process prints for `decision`, its document rendered by `render`. */
export function printedDecision(
  decision: DecisionWording,
  render: (output: StopHookOutput) => string,
): PrintedDecision {
  const notice = decision.kind === 'allow' && 'systemMessage' in decision ? decision.systemMessage : '';
  return { stdout: render(stopHookOutputOf(decision)), stderr: notice ? `${notice}\n` : '' };
}
