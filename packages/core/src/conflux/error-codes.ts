import type { z } from 'zod';
import { describeValue, ProtocolError } from '../errors.js';
import { toSchemaIssues } from '../issues.js';
import {
  type BlockerRejection,
  describeBlockerRejection,
  describeFindingRejection,
  type FindingRejection,
  type Rejected,
} from './rejections.js';
import { BLOCKER_CATEGORIES, type VerdictSource } from './vocabulary.js';

/** The stable `code` of every conflux protocol error. */
export const CONFLUX_ERROR_CODES = [
  'missing_verdict',
  'bare_blocker',
  'malformed_finding',
  'invalid_verdict',
] as const;
/** The stable `code` of every conflux protocol error, one of `CONFLUX_ERROR_CODES`. */
export type ConfluxErrorCode = (typeof CONFLUX_ERROR_CODES)[number];

/** Where in the output a verdict was read: the 1-based raw line and its channel. */
export interface VerdictLocation {
  readonly source: VerdictSource;
  readonly line: number;
}

const EXPECTED_BLOCKER: Readonly<Record<BlockerRejection['kind'], string>> = {
  missing: 'a "blocker" object with category, evidence, unblock_condition, next_action and resumable',
  not_an_object: 'a JSON object',
  missing_category: `a non-blank category, one of ${BLOCKER_CATEGORIES.join(', ')}`,
  unsupported_category: `one of ${BLOCKER_CATEGORIES.join(', ')}`,
  empty_evidence: 'a non-empty array of concrete evidence strings',
  missing_unblock_condition: 'a non-blank string naming a verifiable condition that clears the wait',
  missing_next_action: 'a non-blank string naming the action that satisfies the condition',
  missing_resumable: 'true or false',
};

const EXPECTED_FINDING: Readonly<Record<FindingRejection['kind'], string>> = {
  not_string_or_object: 'a legacy string or a structured finding object',
  missing_id: 'a stable non-blank id',
  duplicate_id: 'an id used by one finding only',
  unsupported_severity: '"major" or "minor"',
  missing_summary: 'a non-blank summary',
  empty_evidence: 'a non-empty array of concrete evidence strings',
  empty_required_changes: 'a non-empty array of {"file","description"} entries',
  empty_verification: 'a non-empty array of {"file","description"} entries',
  invalid_path: 'a repository-relative path inside the workspace, like src/a.ts',
  missing_description: 'a non-blank description of the expected behaviour or proof',
};

/** Raw lines skipped for being longer than the limit: the first line numbers and how many. */
export interface SkippedLines {
  readonly lines: readonly number[];
  readonly count: number;
  readonly maxLineLength: number;
}

/** No canonical verdict anywhere in the output; `tail` holds its last non-blank lines (clipped). */
export function missingVerdictError(
  lines: number,
  tail: readonly string[],
  skipped?: SkippedLines,
): ProtocolError<ConfluxErrorCode> {
  const last = tail[tail.length - 1];
  const received =
    lines === 0
      ? 'no output'
      : `${lines} line(s) without one${last === undefined ? '' : `, ending with ${describeValue(last)}`}`;
  const skippedNote =
    skipped === undefined
      ? ''
      : ` ${skipped.count} line(s) longer than ${skipped.maxLineLength} characters were skipped unread.`;
  return new ProtocolError(
    'missing_verdict',
    'No acceptance verdict: expected a JSON line such as {"acceptance":"pass"} or a standalone ' +
      `"ACCEPTANCE: PASS|FAIL|CONTINUE|GATED" line outside code fences; received ${received}.${skippedNote}`,
    { details: skipped === undefined ? { lines, tail } : { lines, tail, skipped } },
  );
}

/** A `gated`/`blocked` verdict without a valid structured blocker. */
export function bareBlockerError(
  rejected: Rejected<BlockerRejection>,
  at: VerdictLocation,
): ProtocolError<ConfluxErrorCode> {
  const { rejection, fieldPath, received } = rejected;
  const shown = rejection.kind === 'missing' ? 'no blocker' : describeValue(received);
  return new ProtocolError(
    'bare_blocker',
    `Gated acceptance verdict without a valid blocker: ${describeBlockerRejection(rejection)}. ` +
      `Expected ${fieldPath} to be ${EXPECTED_BLOCKER[rejection.kind]}; received ${shown}.`,
    { details: { rejection, fieldPath, received: describeValue(received), ...at } },
  );
}

/** A FAIL verdict whose structured finding (at `index`) did not validate. */
export function malformedFindingError(
  rejected: Rejected<FindingRejection> & { readonly index: number },
  at: VerdictLocation,
): ProtocolError<ConfluxErrorCode> {
  const { rejection, fieldPath, received, index } = rejected;
  return new ProtocolError(
    'malformed_finding',
    `Malformed acceptance finding: ${describeFindingRejection(rejection)}. ` +
      `Expected ${fieldPath} to be ${EXPECTED_FINDING[rejection.kind]}; received ${describeValue(received)}.`,
    { details: { rejection, fieldPath, findingIndex: index, received: describeValue(received), ...at } },
  );
}

/** The rejection an acceptance protocol error carries (`details.rejection`), if any. */
export function acceptanceRejectionOf(error: unknown): BlockerRejection | FindingRejection | undefined {
  if (!(error instanceof ProtocolError)) return undefined;
  if (error.code !== 'bare_blocker' && error.code !== 'malformed_finding') return undefined;
  return error.details.rejection as BlockerRejection | FindingRejection | undefined;
}

/**
 * A verdict that passed the seed's checks but not its schema: only a field the schema declares beyond the
 * seed's (the checks cover every seed field) can fail here, and it is refused, never dropped.
 */
export function invalidVerdictError(
  error: z.ZodError,
  received: unknown,
  at: VerdictLocation,
): ProtocolError<ConfluxErrorCode> {
  const issues = toSchemaIssues(error, received);
  const listed = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  return new ProtocolError(
    'invalid_verdict',
    `Acceptance verdict does not match its schema: ${listed}. Received ${describeValue(received)}.`,
    { details: { issues, fieldPath: issues[0]?.path, received: describeValue(received), ...at } },
  );
}
