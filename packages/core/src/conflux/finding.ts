import { normalizeRepositoryPath } from '../paths.js';
import { type Failure, fail, ok, type Result } from '../result.js';
import { toAsciiLowerCase } from '../text/ascii.js';
import { trimUnicodeWhitespace } from '../text/whitespace.js';
import {
  isJsonObject,
  type JsonObject,
  jsonText,
  nonBlankString,
  nonBlankStrings,
  ownField,
} from './_json.js';
import { schemaInput, type VerdictKeys } from './_schema-input.js';
import type { FindingRejection, Rejected } from './rejections.js';
import type {
  AcceptanceFinding,
  FindingFileExpectation,
  FindingFileField,
  FindingSeverity,
  RepositoryFinding,
} from './schemas.js';
import { FINDING_SEVERITIES } from './vocabulary.js';

/** A structured finding that passed the upstream checks, as `RepositoryFindingSchema`'s input; or why not. */
export type FindingValidation = Result<Record<string, unknown>, Rejected<FindingRejection>>;

/** A FAIL verdict's findings after the upstream checks, as the schema's input; or the first defect. */
export type FindingsValidation = Result<
  (string | Record<string, unknown>)[],
  Rejected<FindingRejection> & { readonly index: number }
>;

function reject(
  rejection: FindingRejection,
  fieldPath: string,
  received: unknown,
): Failure<Rejected<FindingRejection>> {
  return fail({ rejection, fieldPath, received });
}

function parseSeverity(raw: string): FindingSeverity | undefined {
  const lower = toAsciiLowerCase(raw);
  return (FINDING_SEVERITIES as readonly string[]).includes(lower) ? (lower as FindingSeverity) : undefined;
}

function parseExpectations(
  object: JsonObject,
  field: FindingFileField,
  at: string,
  keys: readonly string[],
): Result<Record<string, unknown>[], Rejected<FindingRejection>> {
  const empty = field === 'required_changes' ? 'empty_required_changes' : 'empty_verification';
  const entries = ownField(object, field);
  if (!Array.isArray(entries)) return reject({ kind: empty }, `${at}.${field}`, entries);
  const items: Record<string, unknown>[] = [];
  for (const [index, entry] of entries.entries()) {
    const entryAt = `${at}.${field}[${index}]`;
    if (!isJsonObject(entry))
      return reject({ kind: 'invalid_path', field, path: jsonText(entry) }, entryAt, entry);
    const rawFile = ownField(entry, 'file');
    const rawPath = typeof rawFile === 'string' ? rawFile : '';
    const file = normalizeRepositoryPath(rawPath);
    // A path whose normal form normalises further (`./ a` is ` a`, then `a`) has no one reading: refused.
    if (file === undefined || normalizeRepositoryPath(file) !== file) {
      return reject({ kind: 'invalid_path', field, path: rawPath }, `${entryAt}.file`, rawFile);
    }
    const rawDescription = ownField(entry, 'description');
    const description = nonBlankString(rawDescription);
    if (description === undefined) {
      return reject(
        { kind: 'missing_description', field, path: rawPath },
        `${entryAt}.description`,
        rawDescription,
      );
    }
    items.push(schemaInput(keys, entry, { file, description }));
  }
  if (items.length === 0) return reject({ kind: empty }, `${at}.${field}`, entries);
  return ok(items);
}

/**
 * Validate one object entry of a FAIL verdict's `findings` (at `at`, such as `findings[0]`) in the upstream
 * order: object → id → severity → summary → evidence → required_changes → verification. Every entry of a
 * file list needs a path that stays inside the workspace (normalised on the way) and a description. The
 * result is the schema's input (`schemaInput`): the verdict's schema parse makes the value.
 */
export function validateRepositoryFinding(
  value: unknown,
  keys: VerdictKeys,
  at = 'finding',
): FindingValidation {
  if (!isJsonObject(value)) return reject({ kind: 'not_string_or_object' }, at, value);

  const rawId = ownField(value, 'id');
  const id = nonBlankString(rawId);
  if (id === undefined) return reject({ kind: 'missing_id' }, `${at}.id`, rawId);

  const rawSeverity = ownField(value, 'severity');
  const severityText = typeof rawSeverity === 'string' ? trimUnicodeWhitespace(rawSeverity) : '';
  const severity = parseSeverity(severityText);
  if (severity === undefined) {
    return reject({ kind: 'unsupported_severity', severity: severityText }, `${at}.severity`, rawSeverity);
  }

  const rawSummary = ownField(value, 'summary');
  const summary = nonBlankString(rawSummary);
  if (summary === undefined) return reject({ kind: 'missing_summary' }, `${at}.summary`, rawSummary);

  const rawEvidence = ownField(value, 'evidence');
  const evidence = nonBlankStrings(rawEvidence);
  if (evidence.length === 0) return reject({ kind: 'empty_evidence' }, `${at}.evidence`, rawEvidence);

  const requiredChanges = parseExpectations(value, 'required_changes', at, keys.expectation);
  if (!requiredChanges.success) return requiredChanges;
  const verification = parseExpectations(value, 'verification', at, keys.expectation);
  if (!verification.success) return verification;

  return ok(
    schemaInput(keys.finding, value, {
      id,
      severity,
      summary,
      evidence,
      required_changes: requiredChanges.data,
      verification: verification.data,
    }),
  );
}

/**
 * Validate a FAIL verdict's raw `findings` entries: strings stay legacy findings (trimmed, blank ones
 * dropped), objects must validate, and a structured `id` may appear once. The first defect wins.
 */
export function validateFindingEntries(entries: readonly unknown[], keys: VerdictKeys): FindingsValidation {
  const findings: (string | Record<string, unknown>)[] = [];
  const seen = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    if (typeof entry === 'string') {
      const text = trimUnicodeWhitespace(entry);
      if (text !== '') findings.push(text);
      continue;
    }
    const at = `findings[${index}]`;
    const result = validateRepositoryFinding(entry, keys, at);
    if (!result.success) return fail({ ...result.error, index });
    const id = result.data.id as string;
    if (seen.has(id)) {
      return fail({ rejection: { kind: 'duplicate_id', id }, fieldPath: `${at}.id`, received: id, index });
    }
    seen.add(id);
    findings.push(result.data);
  }
  return ok(findings);
}

function renderExpectations(items: readonly FindingFileExpectation[]): string {
  return items.map((item) => `${item.file} — ${item.description}`).join('; ');
}

/**
 * The single-line rendering used in follow-up records: a legacy finding is its text; a structured one is
 * `[id] (severity) summary | evidence: a; b | required_changes: file — desc; … | verification: file — desc`.
 */
export function renderFindingLine(finding: AcceptanceFinding): string {
  if (typeof finding === 'string') return finding;
  return [
    `[${finding.id}] (${finding.severity}) ${finding.summary}`,
    `evidence: ${finding.evidence.join('; ')}`,
    `required_changes: ${renderExpectations(finding.required_changes)}`,
    `verification: ${renderExpectations(finding.verification)}`,
  ].join(' | ');
}

/** The declared `required_changes` (or `verification`) files of a finding; none for a legacy finding. */
export function declaredFiles(finding: AcceptanceFinding, field: FindingFileField): string[] {
  return typeof finding === 'string' ? [] : finding[field].map((item) => item.file);
}

/** A finding's machine-readable payload, as upstream hands it to Apply (`{"finding": text}` when legacy). */
export function findingToJson(finding: AcceptanceFinding): RepositoryFinding | { readonly finding: string } {
  return typeof finding === 'string' ? { finding } : finding;
}
