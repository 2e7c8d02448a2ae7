import type { RepairDecision } from './repair-ledger.js';
import type { AcceptanceParseResult } from './resolve-verdict.js';
import type { AcceptanceRetryDecision, STALL_CYCLE_REASONS } from './retry-cycle.js';
import type { ProtocolRetryStep } from './retry-policy.js';
import type { AcceptanceBlocker } from './schemas.js';

/** The execution conditions Conflux reports as `stalled`. */
export const STALLED_REASONS = [
  'repeated_findings',
  'no_semantic_progress',
  'repair_budget_exhausted',
  'external_findings_only',
] as const;
/** Why Conflux reports an execution as `stalled`, one of `STALLED_REASONS`. */
export type StalledReason = (typeof STALLED_REASONS)[number];

const CYCLE_STALLS: Readonly<Record<(typeof STALL_CYCLE_REASONS)[number], StalledReason>> = {
  acceptance_cycle_limit_exhausted: 'repair_budget_exhausted',
  external_findings_only: 'external_findings_only',
  repeated_acceptance_findings: 'repeated_findings',
};

/** What the orchestrator observed last in an acceptance run. */
export type AcceptanceLifecycleInput =
  /** An acceptance run's parse result. */
  | { readonly kind: 'verdict'; readonly result: AcceptanceParseResult }
  /** The protocol-retry policy's step for a verdict that did not validate. */
  | { readonly kind: 'protocol_retry'; readonly step: ProtocolRetryStep }
  /** The repair ledger's decision for a FAIL (`observeFail`). */
  | { readonly kind: 'repair'; readonly decision: RepairDecision }
  /** The cycle decision for a FAIL (`decideAcceptanceRetry`). */
  | { readonly kind: 'retry_cycle'; readonly decision: AcceptanceRetryDecision }
  /** An Apply finished and `semanticProgressFingerprint` of the workspace did not change. */
  | { readonly kind: 'no_semantic_progress' };

/** The operator-facing lifecycle of an acceptance run. */
export type AcceptanceLifecycle =
  | { readonly lifecycle: 'accepted' }
  /** Work continues automatically: repair Apply, an explicit CONTINUE, or a protocol retry. */
  | { readonly lifecycle: 'running' }
  | { readonly lifecycle: 'blocked'; readonly blocker: AcceptanceBlocker }
  | {
      readonly lifecycle: 'stalled';
      readonly reason: StalledReason;
      /** Finding identities behind the stall (repeated or external), when there are any. */
      readonly identities: readonly string[];
    }
  /** A protocol error is neither `blocked` nor `stalled`; `terminal` once its retry budget is spent. */
  | { readonly lifecycle: 'protocol_error'; readonly code: string; readonly terminal: boolean };

/**
 * Map what an orchestrator observed to the operator-facing lifecycle. `blocked` is a validated
 * non-repository prerequisite (a `gated` verdict whose structured blocker validated); `stalled` is an
 * execution condition (repeated findings, no semantic progress, an exhausted repair budget); a protocol error
 * (a bare `gated`/`blocked` token, a malformed finding, no verdict) is neither. The token spelling never
 * decides: `blocked` on input is read as `gated` and must carry a valid blocker like any other.
 *
 * Seed 000 words this inconsistently: its Completion Role Gating table and Accept Rules call a validated
 * `gated` result a "stalled hold" ("stalled hold (`gated` + structured `blocker`)", "Recoverable
 * infrastructure blockers are non-terminal stalled holds"), while its lifecycle rule says "Conflux ...
 * classifies the validated result as operator-facing `blocked` (a validated non-repository prerequisite) or
 * `stalled` (no semantic progress, repeated findings, or exhausted repair policy)". This follows the
 * lifecycle rule: a validated blocker is `blocked`, whatever the table calls the hold.
 */
export function classifyAcceptanceLifecycle(input: AcceptanceLifecycleInput): AcceptanceLifecycle {
  switch (input.kind) {
    case 'verdict': {
      if (!input.result.success) {
        return { lifecycle: 'protocol_error', code: input.result.error.code, terminal: false };
      }
      const verdict = input.result.data;
      if (verdict.acceptance === 'gated') return { lifecycle: 'blocked', blocker: verdict.blocker };
      return verdict.acceptance === 'pass' ? { lifecycle: 'accepted' } : { lifecycle: 'running' };
    }
    case 'protocol_retry': {
      const step = input.step;
      if (step.decision === 'retry')
        return { lifecycle: 'protocol_error', code: step.retry.kind, terminal: false };
      if (step.decision === 'exhausted')
        return { lifecycle: 'protocol_error', code: step.kind, terminal: true };
      return { lifecycle: 'running' };
    }
    case 'repair':
      return input.decision.decision === 'repair'
        ? { lifecycle: 'running' }
        : stalled('repeated_findings', input.decision.repeatedIdentities);
    case 'retry_cycle': {
      const decision = input.decision;
      if (decision.decision === 'retry') return { lifecycle: 'running' };
      const reason = CYCLE_STALLS[decision.reason];
      // Legacy string findings naming an external prerequisite are no validated blocker: never `blocked`.
      if (reason === 'external_findings_only') return stalled(reason, decision.externalBlockers);
      return stalled(reason, reason === 'repeated_findings' ? decision.repeatedIdentities : []);
    }
    case 'no_semantic_progress':
      return stalled('no_semantic_progress', []);
  }
}

function stalled(reason: StalledReason, identities: readonly string[]): AcceptanceLifecycle {
  return { lifecycle: 'stalled', reason, identities: [...identities] };
}
