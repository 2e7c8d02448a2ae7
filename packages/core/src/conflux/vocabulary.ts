// The verdict's vocabulary without zod: the parser reads by it, and a hook's fast path loads no schema.

/** The canonical verdict kinds (`blocked` is accepted on input as `gated`). */
export const ACCEPTANCE_KINDS = ['pass', 'fail', 'continue', 'gated'] as const;
/** A canonical acceptance verdict kind, one of `ACCEPTANCE_KINDS`. */
export type AcceptanceKind = (typeof ACCEPTANCE_KINDS)[number];

/** The only categories a structured external blocker may carry (`SUPPORTED_BLOCKER_CATEGORIES` upstream). */
export const BLOCKER_CATEGORIES = [
  'credential',
  'external_approval',
  'policy',
  'external_service',
  'pending_verification',
  'infrastructure',
  'schema_incompatibility',
  'human_decision',
] as const;
/** A category a structured external blocker may carry, one of `BLOCKER_CATEGORIES`. */
export type BlockerCategory = (typeof BLOCKER_CATEGORIES)[number];

/** Both severities block PASS; the distinction is operator triage only. */
export const FINDING_SEVERITIES = ['major', 'minor'] as const;
/** A finding's severity, one of `FINDING_SEVERITIES`; both block PASS. */
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];

/** The two declared file lists of a structured finding. */
export const FINDING_FILE_FIELDS = ['required_changes', 'verification'] as const;
/** One of the two declared file lists of a structured finding, one of `FINDING_FILE_FIELDS`. */
export type FindingFileField = (typeof FINDING_FILE_FIELDS)[number];

/** Which channel carried the verdict: a strict JSON line (primary) or a legacy `ACCEPTANCE:` marker. */
export const VERDICT_SOURCES = ['json', 'legacy'] as const;
/** Which channel carried a verdict, one of `VERDICT_SOURCES`: a strict JSON line or a legacy marker. */
export type VerdictSource = (typeof VERDICT_SOURCES)[number];
