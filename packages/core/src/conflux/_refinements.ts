// The verdict schema's refinements as plain functions: `schemas.ts` attaches them (`.refine`, `.check`), and a
// hook's fast path calls the same functions from predicates generated from the schema (`plain-read.ts`).
import { normalizeRepositoryPath } from '../paths.js';
import { trimUnicodeWhitespace } from '../text/whitespace.js';

/** Non-blank text without surrounding whitespace. */
export function isCanonicalText(text: string): boolean {
  return text !== '' && trimUnicodeWhitespace(text) === text;
}

/** A path that is already what `normalizeRepositoryPath` makes of it. */
export function isNormalisedRepositoryPath(path: string): boolean {
  return normalizeRepositoryPath(path) === path;
}

/** What a check is given, as zod gives it (`schema.check(fn)`): the value and the issues to add to. */
export interface CheckPayload<T> {
  readonly value: T;
  readonly issues: unknown[];
}

/** A FAIL verdict's structured findings carry each `id` once: an issue at every repeated one. */
export function rejectDuplicateFindingIds(payload: CheckPayload<readonly (string | { id: string })[]>): void {
  const seen = new Set<string>();
  payload.value.forEach((finding, index) => {
    if (typeof finding === 'string') return;
    if (seen.has(finding.id)) {
      payload.issues.push({
        code: 'custom',
        path: [index, 'id'],
        message: `duplicate finding id "${finding.id}"`,
        input: payload.value,
        continue: true,
      });
    }
    seen.add(finding.id);
  });
}
