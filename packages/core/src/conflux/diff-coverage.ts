import { normalizeRepositoryPath } from '../paths.js';
import { compareCodePoints } from '../text/ascii.js';
import { isBlank } from '../text/whitespace.js';
import { declaredFiles, findingToJson } from './finding.js';
import { REPEATED_FINDING_REASON, type RepairLedger } from './repair-ledger.js';
import type { AcceptanceFinding, RepositoryFinding } from './schemas.js';

/** Stop reason when the repair delta misses files a structured finding declared. */
export const REMEDIATION_MISMATCH_REASON = 'acceptance_remediation_mismatch';

/** Declared finding work compared with the actual repair delta; a coverage gate, not semantic acceptance. */
export interface RemediationCoverage {
  /** Files in the repair delta, normalised, sorted and de-duplicated. */
  readonly changedFiles: readonly string[];
  /** Declared `required_changes` files absent from the delta, as `[finding id, file]`. */
  readonly missingRequired: readonly (readonly [id: string, file: string])[];
  /** Declared `verification` files absent from the delta, as `[finding id, file]`. */
  readonly missingVerification: readonly (readonly [id: string, file: string])[];
  /** Changed files no finding declared (diagnostic only; they never fail coverage). */
  readonly unrelatedFiles: readonly string[];
  /** Legacy findings: no declared paths, so strict coverage skips them. */
  readonly legacyFindingTexts: readonly string[];
  readonly complete: boolean;
  /** `id: required_changes file` / `id: verification file` for every missing file. */
  readonly uncovered: readonly string[];
}

/** The repair-stop diagnostics, with the upstream field names (`conflux` JSON diagnostics). */
export interface AcceptanceRepairStop {
  readonly change_id: string;
  readonly stop_reason: typeof REMEDIATION_MISMATCH_REASON | typeof REPEATED_FINDING_REASON;
  readonly findings: readonly (RepositoryFinding | { readonly finding: string })[];
  readonly finding_occurrences: readonly { readonly identity: string; readonly occurrences: number }[];
  readonly repeated_identities: readonly string[];
  readonly fail_revision: string | null;
  readonly apply_revision: string | null;
  readonly required_files: readonly string[];
  readonly verification_files: readonly string[];
  readonly changed_files: readonly string[];
  readonly uncovered_files: readonly string[];
  readonly coverage_complete: boolean;
  readonly unrelated_files: readonly string[];
  readonly legacy_findings_without_declared_paths: readonly string[];
  readonly remediation_evidence: readonly string[];
  readonly resumable: true;
  readonly next_action: string;
  readonly proves_completion: false;
  readonly proves_acceptance_pass: false;
  readonly proves_archive_readiness: false;
}

/**
 * Whether an automatic repair may proceed, with the remediation coverage it was decided on, or why it stops.
 */
export type RepairGateDecision =
  | { readonly gate: 'proceed'; readonly coverage: RemediationCoverage }
  | { readonly gate: 'stop'; readonly coverage: RemediationCoverage; readonly stop: AcceptanceRepairStop };

/**
 * What the repair gate decides on: the change, the FAIL's findings, the repair ledger and the paths changed
 * since the FAIL.
 */
export interface RepairGateInput {
  readonly changeId: string;
  readonly findings: readonly AcceptanceFinding[];
  readonly ledger: RepairLedger;
  readonly failRevision?: string | undefined;
  readonly applyRevision?: string | undefined;
  /** Changed paths since the FAIL revision, as VCS lists them (`old -> new` for renames). */
  readonly changedFiles: readonly string[];
  /** Apply-authored remediation evidence, kept for the operator. */
  readonly remediationEvidence?: readonly string[];
}

function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort(compareCodePoints);
}

/** The distinct repository-relative files of a repair delta; a rename `a -> b` counts both sides. */
export function normalizeChangedFiles(paths: readonly string[]): string[] {
  const files: string[] = [];
  for (const entry of paths) {
    if (typeof entry !== 'string') continue;
    for (const side of entry.split(' -> ')) {
      if (isBlank(side)) continue;
      const file = normalizeRepositoryPath(side);
      if (file !== undefined) files.push(file);
    }
  }
  return sortedUnique(files);
}

/**
 * Check a repair delta against every structured finding: each declared `required_changes` and `verification`
 * file must appear among the changed files. An empty delta therefore fails any structured finding.
 */
export function evaluateRemediationCoverage(
  findings: readonly AcceptanceFinding[],
  changedFiles: readonly string[],
): RemediationCoverage {
  const changedList = normalizeChangedFiles(changedFiles);
  const changed = new Set(changedList);
  const declared = new Set<string>();
  const missingRequired: [string, string][] = [];
  const missingVerification: [string, string][] = [];
  const legacyFindingTexts: string[] = [];
  for (const finding of findings) {
    if (typeof finding === 'string') {
      legacyFindingTexts.push(finding);
      continue;
    }
    for (const [field, missing] of [
      ['required_changes', missingRequired],
      ['verification', missingVerification],
    ] as const) {
      for (const file of declaredFiles(finding, field)) {
        declared.add(file);
        if (!changed.has(file)) missing.push([finding.id, file]);
      }
    }
  }
  const uncovered = [
    ...missingRequired.map(([id, file]) => `${id}: required_changes ${file}`),
    ...missingVerification.map(([id, file]) => `${id}: verification ${file}`),
  ];
  return {
    changedFiles: changedList,
    missingRequired,
    missingVerification,
    unrelatedFiles: changedList.filter((file) => !declared.has(file)),
    legacyFindingTexts,
    complete: uncovered.length === 0,
    uncovered,
  };
}

function stopRecord(
  input: RepairGateInput,
  coverage: RemediationCoverage,
  reason: AcceptanceRepairStop['stop_reason'],
  repeatedIdentities: readonly string[],
  nextAction: string,
): AcceptanceRepairStop {
  const structured = input.findings.filter((finding) => typeof finding !== 'string');
  return {
    change_id: input.changeId,
    stop_reason: reason,
    findings: input.findings.map(findingToJson),
    finding_occurrences: input.ledger.occurrences.map(([identity, occurrences]) => ({
      identity,
      occurrences,
    })),
    repeated_identities: [...repeatedIdentities],
    fail_revision: input.failRevision ?? null,
    apply_revision: input.applyRevision ?? null,
    required_files: sortedUnique(structured.flatMap((finding) => declaredFiles(finding, 'required_changes'))),
    verification_files: sortedUnique(structured.flatMap((finding) => declaredFiles(finding, 'verification'))),
    changed_files: coverage.changedFiles,
    uncovered_files: coverage.uncovered,
    coverage_complete: coverage.complete,
    unrelated_files: coverage.unrelatedFiles,
    legacy_findings_without_declared_paths: coverage.legacyFindingTexts,
    remediation_evidence: [...(input.remediationEvidence ?? [])],
    resumable: true,
    next_action: nextAction,
    proves_completion: false,
    proves_acceptance_pass: false,
    proves_archive_readiness: false,
  };
}

/**
 * The gate before acceptance runs again after a repair Apply: proceed when every declared file was changed
 * (or nothing was declared), else stop with `acceptance_remediation_mismatch` (resumable) and diagnostics.
 * Passing only authorises the next review; it never proves the finding resolved.
 */
export function decideRepairGate(input: RepairGateInput): RepairGateDecision {
  const coverage = evaluateRemediationCoverage(input.findings, input.changedFiles);
  if (coverage.complete) return { gate: 'proceed', coverage };
  const nextAction =
    `Change the declared files still missing from the repair delta (${coverage.uncovered.join(', ')}), then ` +
    'retry explicitly. Unrelated or comment-only changes cannot satisfy the finding contract, and coverage ' +
    'alone never proves the finding is resolved.';
  return {
    gate: 'stop',
    coverage,
    stop: stopRecord(input, coverage, REMEDIATION_MISMATCH_REASON, [], nextAction),
  };
}

/** The stop record for a FAIL that repeated a finding whose one automatic repair was already spent. */
export function repeatedFindingStop(
  input: RepairGateInput & { readonly repeatedIdentities: readonly string[] },
): AcceptanceRepairStop {
  const coverage = evaluateRemediationCoverage(input.findings, input.changedFiles);
  const nextAction =
    `Finding ${input.repeatedIdentities.join(', ')} is still open after its one automatic repair. Review the ` +
    'finding and the recorded remediation evidence, then retry explicitly; unrelated changed files do not ' +
    'grant another automatic repair.';
  return stopRecord(input, coverage, REPEATED_FINDING_REASON, input.repeatedIdentities, nextAction);
}

/** One line for logs and process results: the reason, the next action and the JSON diagnostics. */
export function formatRepairStop(stop: AcceptanceRepairStop): string {
  return `Acceptance stopped automatic repair for ${stop.change_id} (${stop.stop_reason}). ${stop.next_action} Diagnostics: ${JSON.stringify(stop)}`;
}
