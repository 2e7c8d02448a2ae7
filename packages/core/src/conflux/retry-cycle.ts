import { normalizeFindings } from './finding-identity.js';
import type { AcceptanceFinding } from './schemas.js';

/** Acceptance↔Apply cycles allowed before the run stalls. */
export const MAX_ACCEPTANCE_RETRY_CYCLES = 10;

export const RETRY_CYCLE_REASONS = [
  'first_acceptance_failure',
  'finding_or_semantic_progress_changed',
] as const;
export const STALL_CYCLE_REASONS = [
  'acceptance_cycle_limit_exhausted',
  'external_acceptance_blocker',
  'repeated_acceptance_findings',
] as const;

export type AcceptanceRetryDecision =
  | { readonly decision: 'retry'; readonly reason: (typeof RETRY_CYCLE_REASONS)[number] }
  | {
      readonly decision: 'stall';
      readonly reason: (typeof STALL_CYCLE_REASONS)[number];
      /** Identities of legacy findings that name only an external prerequisite. */
      readonly externalBlockers: readonly string[];
    };

export interface AcceptanceRetryInput {
  /** Identities of the previous FAIL's findings (`normalizeFindings(...).map((f) => f.identity)`). */
  readonly previousIdentities: readonly string[];
  readonly previousFingerprint: string | undefined;
  /** The current FAIL's findings. */
  readonly findings: readonly AcceptanceFinding[];
  /** The workspace's semantic-progress fingerprint now (see `semanticProgressFingerprint`). */
  readonly semanticFingerprint: string;
  /** Cycles completed so far. */
  readonly cycle: number;
}

/**
 * Decide whether a FAIL goes back to Apply: stall at the cycle limit, stall when every finding is an external
 * prerequisite, retry the first failure, retry when the finding identities or the semantic fingerprint
 * changed, and otherwise stall on repeated findings.
 */
export function decideAcceptanceRetry(input: AcceptanceRetryInput): AcceptanceRetryDecision {
  const findings = normalizeFindings(input.findings);
  const identities = findings.map((finding) => finding.identity);
  const externalBlockers = findings.filter((finding) => finding.external).map((finding) => finding.identity);
  if (input.cycle >= MAX_ACCEPTANCE_RETRY_CYCLES) {
    return { decision: 'stall', reason: 'acceptance_cycle_limit_exhausted', externalBlockers };
  }
  if (findings.length > 0 && findings.every((finding) => finding.external)) {
    return { decision: 'stall', reason: 'external_acceptance_blocker', externalBlockers };
  }
  if (input.previousIdentities.length === 0) return { decision: 'retry', reason: 'first_acceptance_failure' };
  const sameIdentities =
    input.previousIdentities.length === identities.length &&
    input.previousIdentities.every((identity, index) => identity === identities[index]);
  if (!sameIdentities || input.previousFingerprint !== input.semanticFingerprint) {
    return { decision: 'retry', reason: 'finding_or_semantic_progress_changed' };
  }
  return { decision: 'stall', reason: 'repeated_acceptance_findings', externalBlockers };
}
