import { normalizeFindings } from './finding-identity.js';
import type { AcceptanceFinding } from './schemas.js';

/** Acceptance↔Apply cycles allowed before the run stalls. */
export const MAX_ACCEPTANCE_RETRY_CYCLES = 10;

export const RETRY_CYCLE_REASONS = ['first_acceptance_failure', 'new_acceptance_findings'] as const;
export const STALL_CYCLE_REASONS = [
  'acceptance_cycle_limit_exhausted',
  /** Every finding is a legacy string naming only an external prerequisite: repair cannot resolve it. */
  'external_findings_only',
  'repeated_acceptance_findings',
] as const;

/** Whether another acceptance cycle runs after a FAIL (and why), or the change stalls (and why). */
export type AcceptanceRetryDecision =
  | { readonly decision: 'retry'; readonly reason: (typeof RETRY_CYCLE_REASONS)[number] }
  | {
      readonly decision: 'stall';
      readonly reason: (typeof STALL_CYCLE_REASONS)[number];
      /** Identities of legacy findings that name only an external prerequisite. */
      readonly externalBlockers: readonly string[];
      /** Repository finding identities the previous FAIL already sent to repair. */
      readonly repeatedIdentities: readonly string[];
    };

/**
 * What the acceptance retry decision is made on: the previous and current findings, and the cycles completed.
 */
export interface AcceptanceRetryInput {
  /** Identities of the previous FAIL's findings (`normalizeFindings(...).map((f) => f.identity)`). */
  readonly previousIdentities: readonly string[];
  /** The current FAIL's findings. */
  readonly findings: readonly AcceptanceFinding[];
  /** Cycles completed so far. */
  readonly cycle: number;
}

/**
 * Decide whether a FAIL goes back to Apply: stall at the cycle limit, stall when every finding is an external
 * prerequisite, retry the first failure, stall when any repository finding repeats an identity of the
 * previous FAIL, and otherwise retry. Agrees with the repair ledger (`observeFail`) by construction.
 *
 * Seed 000: "Each stable `id` gets **one** automatic repair Apply. If your next FAIL reports the same `id` as
 * still open, runtime stops automatic repair and waits for an operator. Unrelated repository progress does
 * not grant another attempt." Upstream `decide_acceptance_retry` also retries when only the semantic-progress
 * fingerprint changed; skillpack follows the seed, so repository progress never buys a second repair.
 */
export function decideAcceptanceRetry(input: AcceptanceRetryInput): AcceptanceRetryDecision {
  const findings = normalizeFindings(input.findings);
  const externalBlockers = findings.filter((finding) => finding.external).map((finding) => finding.identity);
  const previous = new Set(input.previousIdentities);
  const repeatedIdentities = findings
    .filter((finding) => !finding.external && previous.has(finding.identity))
    .map((finding) => finding.identity);
  const stall = (reason: (typeof STALL_CYCLE_REASONS)[number]): AcceptanceRetryDecision => ({
    decision: 'stall',
    reason,
    externalBlockers,
    repeatedIdentities,
  });
  if (input.cycle >= MAX_ACCEPTANCE_RETRY_CYCLES) return stall('acceptance_cycle_limit_exhausted');
  if (findings.length > 0 && findings.every((finding) => finding.external))
    return stall('external_findings_only');
  if (input.previousIdentities.length === 0) return { decision: 'retry', reason: 'first_acceptance_failure' };
  if (repeatedIdentities.length > 0) return stall('repeated_acceptance_findings');
  return { decision: 'retry', reason: 'new_acceptance_findings' };
}
