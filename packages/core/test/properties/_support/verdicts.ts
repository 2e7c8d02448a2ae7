import fc from 'fast-check';
import type {
  AcceptanceBlocker,
  AcceptanceFinding,
  AcceptanceVerdict,
  FindingFileExpectation,
  RepositoryFinding,
} from '../../../src/conflux/index.js';
import { BLOCKER_CATEGORIES, FINDING_SEVERITIES } from '../../../src/conflux/schemas.js';
import { normalizeRepositoryPath } from '../../../src/index.js';
import { trimUnicodeWhitespace } from '../../../src/text/whitespace.js';

/** Text a verdict may carry: non-blank, trimmed the way the parser trims, any Unicode, JSON specials. */
export const verdictText: fc.Arbitrary<string> = fc
  .string({
    unit: fc.oneof(
      { weight: 6, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
      {
        weight: 1,
        arbitrary: fc.constantFrom('"', '\\', '}', '{', '\n', '`', 'ACCEPTANCE: PASS', '\u2028', '\0'),
      },
    ),
    minLength: 1,
    maxLength: 12,
  })
  .map(trimUnicodeWhitespace)
  .filter((text) => text !== '');

const segment = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,10}$/),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }),
);

/** A normalised repository-relative path, as the parser hands it back. */
export const repositoryPath: fc.Arbitrary<string> = fc
  .array(segment, { minLength: 1, maxLength: 4 })
  .map((segments) => segments.join('/'))
  .filter((path) => normalizeRepositoryPath(path) === path);

const expectation: fc.Arbitrary<FindingFileExpectation> = fc.record({
  file: repositoryPath,
  description: verdictText,
});

export const structuredFinding: fc.Arbitrary<RepositoryFinding> = fc.record({
  id: verdictText,
  severity: fc.constantFrom(...FINDING_SEVERITIES),
  summary: verdictText,
  evidence: fc.array(verdictText, { minLength: 1, maxLength: 3 }),
  required_changes: fc.array(expectation, { minLength: 1, maxLength: 3 }),
  verification: fc.array(expectation, { minLength: 1, maxLength: 2 }),
});

/** Findings with unique structured ids, legacy strings mixed in. */
export const findings: fc.Arbitrary<AcceptanceFinding[]> = fc
  .array(fc.oneof(verdictText, structuredFinding), { maxLength: 4 })
  .map((items) => {
    const seen = new Set<string>();
    return items.filter((item) => {
      if (typeof item === 'string') return true;
      if (seen.has(item.id)) return false;
      seen.add(item.id);
      return true;
    });
  });

export const blocker: fc.Arbitrary<AcceptanceBlocker> = fc
  .record(
    {
      category: fc.constantFrom(...BLOCKER_CATEGORIES),
      evidence: fc.array(verdictText, { minLength: 1, maxLength: 3 }),
      unblock_condition: verdictText,
      next_action: verdictText,
      resumable: fc.boolean(),
      prerequisite_owner: verdictText,
      evidence_ids: fc.array(verdictText, { minLength: 1, maxLength: 2 }),
    },
    { requiredKeys: ['category', 'evidence', 'unblock_condition', 'next_action', 'resumable'] },
  )
  .map((value) => value as AcceptanceBlocker);

/** Any canonical acceptance verdict. */
export const acceptanceVerdict: fc.Arbitrary<AcceptanceVerdict> = fc.oneof(
  fc.constant({ acceptance: 'pass' } as const),
  fc.constant({ acceptance: 'continue' } as const),
  findings.map((items) => ({ acceptance: 'fail', findings: items }) as const),
  blocker.map((value) => ({ acceptance: 'gated', blocker: value }) as const),
);

/** Narration an agent writes before its verdict: never a marker, a JSON object line or a fence. */
export const narration: fc.Arbitrary<string> = fc
  .array(fc.stringMatching(/^[a-z][a-z ,.()'0-9]{0,40}$/), { maxLength: 5 })
  .map((lines) => lines.map((line) => `${line}\n`).join(''));
