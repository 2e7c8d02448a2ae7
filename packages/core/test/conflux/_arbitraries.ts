// fast-check arbitraries for canonical acceptance verdicts (trimmed well-formed text, normalised paths).
import fc from 'fast-check';
import type {
  AcceptanceBlocker,
  AcceptanceFinding,
  AcceptanceVerdict,
  RepositoryFinding,
} from '../../src/conflux/index.js';
import { BLOCKER_CATEGORIES, FINDING_SEVERITIES } from '../../src/conflux/schemas.js';
import { normalizeRepositoryPath } from '../../src/index.js';
import { isWellFormedText } from '../../src/text/well-formed.js';
import { trimUnicodeWhitespace } from '../../src/text/whitespace.js';

const anyText = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
  fc.constantFrom(
    'ACCEPTANCE: PASS',
    '```',
    '{"acceptance":"pass"}',
    'FINDINGS:',
    '- item',
    'a\nb',
    '__proto__',
  ),
);

export const canonicalText = anyText.filter(
  (text) => isWellFormedText(text) && trimUnicodeWhitespace(text) === text && text !== '',
);

export const repositoryPath = fc
  .array(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 4 })
  .map((segments) => segments.join('/'))
  .filter((path) => isWellFormedText(path) && normalizeRepositoryPath(path) === path);

const expectation = fc.record({ file: repositoryPath, description: canonicalText });

export const repositoryFinding: fc.Arbitrary<RepositoryFinding> = fc.record({
  id: canonicalText,
  severity: fc.constantFrom(...FINDING_SEVERITIES),
  summary: canonicalText,
  evidence: fc.array(canonicalText, { minLength: 1, maxLength: 3 }),
  required_changes: fc.array(expectation, { minLength: 1, maxLength: 3 }),
  verification: fc.array(expectation, { minLength: 1, maxLength: 3 }),
});

export const findings: fc.Arbitrary<AcceptanceFinding[]> = fc
  .uniqueArray(fc.oneof(canonicalText, repositoryFinding), {
    maxLength: 4,
    selector: (finding) => (typeof finding === 'string' ? `legacy:${finding}` : `id:${finding.id}`),
    comparator: 'SameValue',
  })
  .map((list) => {
    const ids = new Set<string>();
    return list.filter(
      (finding) => typeof finding === 'string' || (!ids.has(finding.id) && ids.add(finding.id)),
    );
  });

export const blocker: fc.Arbitrary<AcceptanceBlocker> = fc.record(
  {
    category: fc.constantFrom(...BLOCKER_CATEGORIES),
    evidence: fc.array(canonicalText, { minLength: 1, maxLength: 3 }),
    unblock_condition: canonicalText,
    next_action: canonicalText,
    resumable: fc.boolean(),
    prerequisite_owner: canonicalText,
    evidence_ids: fc.array(canonicalText, { minLength: 1, maxLength: 3 }),
  },
  { requiredKeys: ['category', 'evidence', 'unblock_condition', 'next_action', 'resumable'] },
);

export const verdict: fc.Arbitrary<AcceptanceVerdict> = fc.oneof(
  fc.constant({ acceptance: 'pass' as const }),
  fc.constant({ acceptance: 'continue' as const }),
  findings.map((list) => ({ acceptance: 'fail' as const, findings: list })),
  blocker.map((value) => ({ acceptance: 'gated' as const, blocker: value })),
);
