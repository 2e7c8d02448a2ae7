import { BLOCKER_CATEGORIES, type FindingFileField } from './vocabulary.js';

/** Why a `gated` verdict is not a validated blocker, in the order they are checked. */
export const BLOCKER_REJECTION_KINDS = [
  'missing',
  'not_an_object',
  'missing_category',
  'unsupported_category',
  'empty_evidence',
  'missing_unblock_condition',
  'missing_next_action',
  'missing_resumable',
] as const;
/** Why a `gated` verdict is not a validated blocker, one of `BLOCKER_REJECTION_KINDS`. */
export type BlockerRejectionKind = (typeof BLOCKER_REJECTION_KINDS)[number];

/**
 * Why a `gated` verdict's blocker was rejected: the rejection kind, and the unsupported category when that is
 * the reason.
 */
export type BlockerRejection =
  | { readonly kind: Exclude<BlockerRejectionKind, 'unsupported_category'> }
  | { readonly kind: 'unsupported_category'; readonly category: string };

/** Why an entry of a FAIL verdict's `findings` is not a valid finding, in the order they are checked. */
export const FINDING_REJECTION_KINDS = [
  'not_string_or_object',
  'missing_id',
  'unsupported_severity',
  'missing_summary',
  'empty_evidence',
  'empty_required_changes',
  'empty_verification',
  'invalid_path',
  'missing_description',
  'duplicate_id',
] as const;
/** Why an entry of a FAIL verdict's `findings` is not a valid finding, one of `FINDING_REJECTION_KINDS`. */
export type FindingRejectionKind = (typeof FINDING_REJECTION_KINDS)[number];

/**
 * Why one entry of a FAIL verdict's `findings` was rejected: the rejection kind, with the offending id,
 * severity or path.
 */
export type FindingRejection =
  | {
      readonly kind: Exclude<
        FindingRejectionKind,
        'duplicate_id' | 'unsupported_severity' | 'invalid_path' | 'missing_description'
      >;
    }
  | { readonly kind: 'duplicate_id'; readonly id: string }
  | { readonly kind: 'unsupported_severity'; readonly severity: string }
  | { readonly kind: 'invalid_path'; readonly field: FindingFileField; readonly path: string }
  | { readonly kind: 'missing_description'; readonly field: FindingFileField; readonly path: string };

/** A rejected value with where it sits in the verdict (`blocker.category`, `findings[1].id`) and what it was. */
export interface Rejected<R> {
  readonly rejection: R;
  readonly fieldPath: string;
  readonly received: unknown;
}

const QUOTE_LIMIT = 120;

function clip(text: string): string {
  return text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT)}… (${text.length} chars)` : text;
}

/** One-line reason for a blocker rejection, used in errors and retry evidence. */
export function describeBlockerRejection(rejection: BlockerRejection): string {
  switch (rejection.kind) {
    case 'missing':
      return 'the gated verdict carries no structured blocker payload';
    case 'not_an_object':
      return 'the blocker payload is not a JSON object';
    case 'missing_category':
      return 'the blocker payload has no explicit category';
    case 'unsupported_category':
      return `blocker category '${clip(rejection.category)}' is not one of: ${BLOCKER_CATEGORIES.join(', ')}`;
    case 'empty_evidence':
      return 'the blocker payload has no concrete evidence entries';
    case 'missing_unblock_condition':
      return 'the blocker payload has no unblock_condition';
    case 'missing_next_action':
      return 'the blocker payload has no next_action';
    case 'missing_resumable':
      return 'the blocker payload has no boolean resumable field';
  }
}

/** One-line reason for a finding rejection, used in errors and retry evidence. */
export function describeFindingRejection(rejection: FindingRejection): string {
  switch (rejection.kind) {
    case 'not_string_or_object':
      return 'a finding entry is neither a legacy string nor a structured object';
    case 'missing_id':
      return 'a structured finding has no stable non-empty id';
    case 'duplicate_id':
      return `structured finding id '${clip(rejection.id)}' appears more than once in one verdict`;
    case 'unsupported_severity':
      return `structured finding severity '${clip(rejection.severity)}' is not 'major' or 'minor'`;
    case 'missing_summary':
      return 'a structured finding has no non-empty summary';
    case 'empty_evidence':
      return 'a structured finding has no concrete evidence entries';
    case 'empty_required_changes':
      return 'a structured finding declares no required_changes entry';
    case 'empty_verification':
      return 'a structured finding declares no verification entry';
    case 'invalid_path':
      return `structured finding ${rejection.field} path '${clip(rejection.path)}' is not a repository-relative path inside the workspace`;
    case 'missing_description':
      return `structured finding ${rejection.field} entry for '${clip(rejection.path)}' has no description`;
  }
}
