import type { ProtocolError } from '../errors.js';
import type { Result } from '../result.js';
import { forEachLine } from '../text/lines.js';
import { isBlank, trimUnicodeWhitespace } from '../text/whitespace.js';
import { acceptanceRejectionOf, type ConfluxErrorCode } from './error-codes.js';
import {
  type BlockerRejection,
  describeBlockerRejection,
  describeFindingRejection,
  type FindingRejection,
} from './rejections.js';
import type { AcceptanceParseResult } from './resolve-verdict.js';

/** Retries after the first protocol failure of one kind; the third consecutive failure is terminal. */
export const MAX_ACCEPTANCE_PROTOCOL_RETRIES = 2;

/** First evidence line recorded for each protocol failure (upstream `*_DIAGNOSTIC`, verbatim). */
export const PROTOCOL_DIAGNOSTICS: Readonly<Record<ConfluxErrorCode, string>> = {
  missing_verdict:
    'Missing acceptance verdict: acceptance command exited without emitting a canonical verdict (protocol failure; status-only or waiting output is not a verdict)',
  bare_blocker:
    'Bare acceptance blocker: acceptance emitted a gated compatibility token without a validated structured blocker payload (protocol failure; a stalled hold requires an explicit supported category, concrete evidence, next action, and resumability)',
  malformed_finding:
    'Malformed acceptance finding: acceptance emitted a FAIL verdict with a structured finding that is missing a stable id, severity, summary, evidence, required_changes, or verification (protocol failure; runtime will not reduce it to a path-only repair instruction)',
  // Not upstream's: only a field the schema declares beyond the seed's can fail this way.
  invalid_verdict:
    'Invalid acceptance verdict: acceptance emitted a verdict with a field that does not match the verdict schema (protocol failure)',
};

const RETRY_CAUSES: Readonly<Record<ConfluxErrorCode, string>> = {
  missing_verdict: 'without a canonical verdict',
  bare_blocker: 'with a gated token but no validated blocker',
  malformed_finding: 'with a FAIL verdict whose structured finding did not validate',
  invalid_verdict: 'with a verdict field that does not match the verdict schema',
};

const EXHAUSTED_CAUSES: Readonly<Record<ConfluxErrorCode, string>> = {
  missing_verdict:
    'Acceptance completed without a canonical verdict (missing-verdict protocol failure); status-only or waiting output is not a verdict.',
  bare_blocker:
    'Acceptance emitted a gated compatibility token without a validated structured blocker (bare-blocker protocol failure); a stalled hold requires an explicit supported category, concrete evidence, an unblock condition, a next action, and resumability.',
  malformed_finding:
    'Acceptance emitted a FAIL verdict whose structured finding did not validate (malformed-finding protocol failure); a structured finding requires a stable id, a major/minor severity, a summary, concrete evidence, and repository-relative required_changes and verification entries.',
  invalid_verdict:
    'Acceptance emitted a verdict with a field that does not match the verdict schema (invalid-verdict protocol failure).',
};

/** The continuation marker the next (retry) invocation receives, so its prompt can carry corrective context. */
export interface ProtocolRetryMarker {
  readonly kind: ConfluxErrorCode;
  /** 1-based retry index. */
  readonly attempt: number;
  readonly max: number;
}

/** Consecutive failures per protocol contract, plus the marker for the next invocation; plain data. */
export interface ProtocolRetryState {
  readonly consecutive: Readonly<Record<ConfluxErrorCode, number>>;
  readonly pending: ProtocolRetryMarker | undefined;
}

/** What an acceptance invocation ended with, as far as the protocol-retry policy is concerned. */
export type ProtocolOutcome =
  | { readonly kind: 'canonical_verdict' }
  | { readonly kind: 'command_failed' }
  | { readonly kind: 'cancelled' }
  | { readonly kind: ConfluxErrorCode; readonly evidence: readonly string[] };

/**
 * The next step after a protocol error: retry with a marker and a progress line, or stop because the retries
 * are exhausted.
 */
export type ProtocolRetryStep =
  | { readonly decision: 'retry'; readonly retry: ProtocolRetryMarker; readonly progress: string }
  | {
      readonly decision: 'exhausted';
      readonly kind: ConfluxErrorCode;
      readonly attempts: number;
      readonly max: number;
      readonly error: string;
    }
  /** A canonical verdict reset every counter. */
  | { readonly decision: 'reset' }
  /** Command failure and cancellation neither reset nor consume a budget. */
  | { readonly decision: 'unchanged' };

/** Create the protocol retry state of a new run: no consecutive protocol errors, no pending retry. */
export function createProtocolRetryState(): ProtocolRetryState {
  return {
    consecutive: { missing_verdict: 0, bare_blocker: 0, malformed_finding: 0, invalid_verdict: 0 },
    pending: undefined,
  };
}

function boundedEvidence(evidence: readonly string[]): string {
  const joined = evidence.slice(0, 5).join(' | ');
  return joined === '' ? 'no acceptance output captured' : joined;
}

/** The non-terminal progress message for a protocol retry. */
export function protocolRetryProgress(retry: ProtocolRetryMarker, evidence: readonly string[]): string {
  return `Acceptance completed ${RETRY_CAUSES[retry.kind]}; retrying acceptance (protocol retry ${retry.attempt}/${retry.max}). Evidence: ${boundedEvidence(evidence)}`;
}

/** The terminal diagnostic once a protocol retry budget is spent. */
export function protocolExhaustedError(
  kind: ConfluxErrorCode,
  attempts: number,
  max: number,
  evidence: readonly string[],
): string {
  return `${EXHAUSTED_CAUSES[kind]} Exhausted ${attempts} consecutive attempts after ${max} protocol retries. Evidence: ${boundedEvidence(evidence)}`;
}

/**
 * Record how an acceptance invocation ended. Each protocol contract (missing verdict, bare blocker,
 * malformed finding) has its own consecutive counter: the first two failures retry acceptance only, the
 * third is terminal. Only a canonical verdict (PASS, FAIL, CONTINUE, a validated stall) resets them, so
 * alternating failure kinds cannot buy more retries; command failure and cancellation change nothing.
 */
export function observeProtocolOutcome(
  state: ProtocolRetryState,
  outcome: ProtocolOutcome,
): { readonly state: ProtocolRetryState; readonly step: ProtocolRetryStep } {
  switch (outcome.kind) {
    case 'canonical_verdict':
      return { state: createProtocolRetryState(), step: { decision: 'reset' } };
    case 'command_failed':
    case 'cancelled':
      return { state, step: { decision: 'unchanged' } };
  }
  const kind = outcome.kind;
  const count = state.consecutive[kind] + 1;
  const consecutive = { ...state.consecutive, [kind]: count };
  const max = MAX_ACCEPTANCE_PROTOCOL_RETRIES;
  if (count <= max) {
    const retry: ProtocolRetryMarker = { kind, attempt: count, max };
    return {
      state: { consecutive, pending: retry },
      step: { decision: 'retry', retry, progress: protocolRetryProgress(retry, outcome.evidence) },
    };
  }
  return {
    state: { consecutive, pending: undefined },
    step: {
      decision: 'exhausted',
      kind,
      attempts: count,
      max,
      error: protocolExhaustedError(kind, count, max, outcome.evidence),
    },
  };
}

/**
 * The protocol outcome of a parse result: a verdict is canonical; a missing verdict carries the attempt's
 * tail evidence (see `buildAcceptanceTailFindings`); a bare blocker or malformed finding carries its
 * diagnostic line and the rejection reason. Takes the core parser's result or `extractContract`'s for the
 * acceptance contract alike.
 */
export function protocolOutcomeOf(
  result: AcceptanceParseResult | Result<unknown, ProtocolError>,
  tailEvidence: readonly string[] = [],
): ProtocolOutcome {
  if (result.success) return { kind: 'canonical_verdict' };
  const code = result.error.code;
  if (code === 'bare_blocker' || code === 'malformed_finding') {
    const rejection = acceptanceRejectionOf(result.error);
    const reason =
      rejection === undefined
        ? result.error.message
        : code === 'bare_blocker'
          ? describeBlockerRejection(rejection as BlockerRejection)
          : describeFindingRejection(rejection as FindingRejection);
    return { kind: code, evidence: [PROTOCOL_DIAGNOSTICS[code], reason] };
  }
  if (code === 'invalid_verdict') {
    return { kind: code, evidence: [PROTOCOL_DIAGNOSTICS[code], result.error.message] };
  }
  return { kind: 'missing_verdict', evidence: tailEvidence };
}

/** Take the continuation marker for the invocation about to start (`undefined` for an ordinary one). */
export function takeProtocolRetry(state: ProtocolRetryState): {
  readonly state: ProtocolRetryState;
  readonly retry: ProtocolRetryMarker | undefined;
} {
  return { state: { ...state, pending: undefined }, retry: state.pending };
}

const NO_OUTPUT = 'No acceptance output captured';

/**
 * The evidence lines recorded for an attempt: the non-blank stdout tail, else the stderr tail, without blank
 * lines and `ACCEPTANCE:` / `FINDINGS:` lines; `No acceptance output captured` when nothing is left.
 */
export function buildAcceptanceTailFindings(
  stdoutTail?: string | null,
  stderrTail?: string | null,
): string[] {
  const usable = (text: string | null | undefined) =>
    typeof text === 'string' && !isBlank(text) ? text : undefined;
  const selected = usable(stdoutTail) ?? usable(stderrTail) ?? NO_OUTPUT;
  const lines: string[] = [];
  forEachLine(selected, (line) => {
    const trimmed = trimUnicodeWhitespace(line);
    if (trimmed !== '' && !trimmed.startsWith('ACCEPTANCE:') && !trimmed.startsWith('FINDINGS:'))
      lines.push(line);
    return false;
  });
  return lines.length === 0 ? [NO_OUTPUT] : lines;
}
