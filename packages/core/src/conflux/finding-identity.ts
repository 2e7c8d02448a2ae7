import { compareCodePoints, toAsciiLowerCase } from '../text/ascii.js';
import { splitUnicodeWhitespace } from '../text/whitespace.js';
import { renderFindingLine } from './finding.js';
import type { AcceptanceFinding } from './schemas.js';

/** A finding with the comparison identity retry accounting keys on; `finding` stays complete. */
export interface NormalizedFinding {
  readonly identity: string;
  readonly text: string;
  /** A legacy finding naming only a non-mockable external prerequisite (never a structured finding). */
  readonly external: boolean;
  readonly finding: AcceptanceFinding;
}

const EXTERNAL_NEEDLES = [
  'external non-mockable',
  'non-mockable external',
  'external prerequisite',
  'external service outage',
  'missing non-mockable external credential',
];

const RULE_KINDS: readonly (readonly [kind: string, words: readonly string[]])[] = [
  ['verification', ['test', 'coverage', 'verification', 'evidence']],
  ['specification', ['spec', 'proposal', 'requirement']],
  ['task-truthfulness', ['task', 'checklist', 'truthful']],
  ['workspace-cleanliness', ['dirty working tree']],
];

const PATH_TRIM = new Set(['`', '(', ')', '[', ']', ',', '.', ';']);

function ruleKind(lower: string): string {
  for (const [kind, words] of RULE_KINDS) if (words.some((word) => lower.includes(word))) return kind;
  return 'implementation';
}

function trimPathToken(token: string): string {
  let start = 0;
  let end = token.length;
  while (start < end && PATH_TRIM.has(token[start]!)) start++;
  while (end > start && PATH_TRIM.has(token[end - 1]!)) end--;
  return token.slice(start, end);
}

function normalizeLegacyText(text: string): NormalizedFinding | undefined {
  const words = splitUnicodeWhitespace(text);
  if (words.length === 0) return undefined;
  const normalized = words.join(' ');
  const lower = toAsciiLowerCase(normalized);
  const lowerWords = splitUnicodeWhitespace(lower);
  const first = lowerWords[0]!;
  const code = first.startsWith('[') && first.endsWith(']') ? first : undefined;
  const pathToken =
    lowerWords.find((word) => word.includes('/') || word.endsWith('.rs') || word.endsWith('.md')) ?? '';
  const path = trimPathToken(pathToken).split(':')[0]!;
  const external =
    path === '' &&
    !lower.includes('fix ') &&
    !lower.includes('repair ') &&
    EXTERNAL_NEEDLES.some((needle) => lower.includes(needle));
  const scope = external ? 'external' : 'repository';
  const identity =
    code === undefined
      ? `${scope}|${path === '' ? lower : path}|${ruleKind(lower)}`
      : `${scope}|code|${code}`;
  return { identity, text: normalized, external, finding: normalized };
}

function sortAndDedupe(findings: NormalizedFinding[]): NormalizedFinding[] {
  findings.sort((left, right) => compareCodePoints(left.identity, right.identity));
  return findings.filter(
    (finding, index) => index === 0 || findings[index - 1]!.identity !== finding.identity,
  );
}

/**
 * Comparison identities for legacy string findings (the upstream fallback): whitespace collapsed, ASCII
 * lower-cased; a leading `[CODE]` word wins (`<scope>|code|[code]`), else the first path-like word cut at
 * `:` (or the whole text) plus a rule kind (`<scope>|src/a.rs|verification`). Sorted and de-duplicated.
 */
export function normalizeLegacyFindings(texts: readonly string[]): NormalizedFinding[] {
  const out: NormalizedFinding[] = [];
  for (const text of texts) {
    const normalized = normalizeLegacyText(text);
    if (normalized) out.push(normalized);
  }
  return sortAndDedupe(out);
}

/**
 * Comparison identities for a verdict's findings: a structured finding is `repository|id|<id>`, so changed
 * prose, evidence or paths never make a new identity; legacy strings use the fallback rules. Sorted by
 * identity (code point order) and de-duplicated, structured findings first among equals.
 */
export function normalizeFindings(findings: readonly AcceptanceFinding[]): NormalizedFinding[] {
  const out: NormalizedFinding[] = [];
  const legacy: string[] = [];
  for (const finding of findings) {
    if (typeof finding === 'string') legacy.push(finding);
    else {
      out.push({
        identity: `repository|id|${finding.id}`,
        text: renderFindingLine(finding),
        external: false,
        finding,
      });
    }
  }
  for (const text of legacy) {
    const normalized = normalizeLegacyText(text);
    if (normalized) out.push(normalized);
  }
  return sortAndDedupe(out);
}

/** The comparison identity of one finding, or `undefined` for a blank legacy string. */
export function findingIdentity(finding: AcceptanceFinding): string | undefined {
  return normalizeFindings([finding])[0]?.identity;
}

/** The findings repository work can resolve: every structured finding, and legacy ones that are not external. */
export function repositoryFindings(findings: readonly AcceptanceFinding[]): AcceptanceFinding[] {
  return findings.filter(
    (finding) => typeof finding !== 'string' || normalizeLegacyText(finding)?.external === false,
  );
}
