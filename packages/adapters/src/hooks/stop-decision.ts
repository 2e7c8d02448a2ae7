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

function correctionFor(failure: ContractFailure): string {
  try {
    return failure.contract.correct(failure.error);
  } catch {
    return `Your answer does not satisfy the ${failure.contract.title} contract: ${failure.error.message}`;
  }
}

/** A contract's first example as the agent writes it, indented under a list item; empty when it has none. */
function exampleOf(failure: ContractFailure): string {
  const example = failure.contract.examples[0];
  if (example === undefined) return '';
  try {
    return `, for example:\n${failure.contract
      .render(example.value)
      .split('\n')
      .map((line) => `  ${line}`)
      .join('\n')}`;
  } catch {
    return '';
  }
}

/**
 * The instruction sent back to the agent. Only the contracts the answer attempted are corrected: one is
 * its own correction, several are each named with theirs. When the answer attempted none, one contract's
 * correction says what it expects, and several are one short list of the answers expected.
 */
export function correctiveReason(failures: readonly ContractFailure[]): string {
  const attempted = failures.filter((failure) => failure.attempted);
  const relevant = attempted.length > 0 ? attempted : failures;
  if (relevant.length === 1) return correctionFor(relevant[0]!);
  const ids = relevant.map((failure) => failure.contract.id).join(', ');
  if (attempted.length === 0) {
    const expected = relevant.map(
      (failure) => `- ${failure.contract.title} (${failure.contract.id})${exampleOf(failure)}`,
    );
    return [
      `Your final message must end with the answer of one of these contracts: ${ids}.`,
      ...expected,
    ].join('\n');
  }
  const parts = relevant.map((failure) => `[${failure.contract.id}]\n${correctionFor(failure)}`);
  return [`Your final message must satisfy one of these contracts: ${ids}.`, ...parts].join('\n\n');
}

function describeFailures(failures: readonly ContractFailure[]): string {
  return failures.map((failure) => `${failure.contract.id} (${failure.error.code})`).join(', ');
}

/** Decide a stop from a contract check and the retry budget. Pure. */
export function decideStop({
  check,
  blocksSoFar,
  maxBlocks,
  enforce = 'always',
}: StopDecisionInput): StopDecision {
  if (check.satisfied) return { kind: 'allow', because: 'satisfied', contractId: check.contract.id };
  if (enforce === 'attempted' && !check.failures.some((failure) => failure.attempted)) {
    return { kind: 'allow', because: 'not_attempted' };
  }
  const failed = describeFailures(check.failures);
  if (blocksSoFar >= maxBlocks) {
    const last = check.failures[0]?.error.message ?? '';
    return {
      kind: 'allow',
      because: 'budget_spent',
      systemMessage: `skillpack: ${failed} still not satisfied after ${blocksSoFar} blocked stop(s); letting the agent stop. Last problem: ${last}`,
    };
  }
  const blocks = blocksSoFar + 1;
  return {
    kind: 'block',
    reason: correctiveReason(check.failures),
    systemMessage: `skillpack: ${failed} not satisfied; asking the agent to fix its answer (${blocks} of ${maxBlocks}).`,
    blocks,
    failures: check.failures,
  };
}

/** Let the stop through because the hook itself could not check it; the message says why. */
export function allowBecauseOfHookError(message: string): StopDecision {
  return { kind: 'allow', because: 'hook_error', systemMessage: `skillpack-hook: ${message}` };
}

/** Turn a stop decision into the JSON document a Stop hook prints on stdout. */
export function toStopHookOutput(decision: StopDecision): StopHookOutput {
  if (decision.kind === 'block') {
    return { decision: 'block', reason: decision.reason, systemMessage: decision.systemMessage };
  }
  return decision.because === 'satisfied' || decision.because === 'not_attempted'
    ? {}
    : { systemMessage: decision.systemMessage };
}
