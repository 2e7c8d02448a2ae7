import { describe, expect, it } from 'vitest';
import {
  normalizeFindings,
  normalizeLegacyFindings,
  repositoryFindings,
} from '../../src/conflux/finding-identity.js';
import { findingIdentity, type RepositoryFinding } from '../../src/conflux/index.js';

const structured = (id: string, summary = 's'): RepositoryFinding => ({
  id,
  severity: 'major',
  summary,
  evidence: ['e'],
  required_changes: [{ file: 'a.ts', description: 'd' }],
  verification: [{ file: 't.ts', description: 'd' }],
});

describe('finding identity', () => {
  it('identifies a structured finding by its id, whatever its prose', () => {
    expect(findingIdentity(structured('x', 'one'))).toBe('repository|id|x');
    expect(findingIdentity(structured('x', 'two'))).toBe('repository|id|x');
    expect(normalizeFindings([structured('x', 'one')])[0]).toMatchObject({
      text: '[x] (major) one | evidence: e | required_changes: a.ts — d | verification: t.ts — d',
      external: false,
    });
  });

  it.each([
    ['[RETRY_TEST_MISSING] at src/a.rs:1', 'repository|code|[retry_test_missing]'],
    ['Spec drift in `docs/Spec.MD`.', 'repository|docs/spec.md|specification'],
    ['Task 1.3 is not completed', 'repository|task 1.3 is not completed|task-truthfulness'],
    ['Dirty working tree', 'repository|dirty working tree|workspace-cleanliness'],
    ['Wrong return value in (src/lib.rs:10),', 'repository|src/lib.rs|implementation'],
    ['Non-mockable external service down', 'external|non-mockable external service down|implementation'],
    [
      'Non-mockable external service down; fix the retry',
      'repository|non-mockable external service down; fix the retry|implementation',
    ],
    ['ÉCHEC du TEST', 'repository|Échec du test|verification'],
  ])('%j -> %j', (text, identity) => {
    expect(findingIdentity(text)).toBe(identity);
  });

  it('collapses whitespace in the kept text and drops blank findings', () => {
    expect(normalizeLegacyFindings(['  a\u2003 b  ', ' \n '])).toEqual([
      { identity: 'repository|a b|implementation', text: 'a b', external: false, finding: 'a b' },
    ]);
    expect(findingIdentity('   ')).toBeUndefined();
  });

  it('sorts by code point and keeps the first of equal identities, structured first', () => {
    const normalized = normalizeFindings(['z task', structured('a'), 'Z TASK', '😀 task', '\uffff task']);
    expect(normalized.map((finding) => finding.identity)).toEqual([
      'repository|id|a',
      'repository|z task|task-truthfulness',
      'repository|\uffff task|task-truthfulness',
      'repository|😀 task|task-truthfulness',
    ]);
    expect(normalized[1]!.text).toBe('z task');
  });

  it('keeps structured and non-external legacy findings as repository work', () => {
    expect(
      repositoryFindings([structured('x'), 'external prerequisite missing', 'src/a.rs broken', ' ']),
    ).toEqual([structured('x'), 'src/a.rs broken']);
  });
});
