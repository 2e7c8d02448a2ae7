import { trimUnicodeWhitespace } from './text/whitespace.js';

/**
 * Normalise a repository-relative path the way the Conflux runtime does: trim, `\` -> `/`, drop empty and
 * `.` segments; reject empty, absolute (`/`, `~`, a drive letter `C:`) and any `..` segment. `src/a.ts:10`
 * stays. The drive-letter test looks at the second UTF-8 byte, so only an ASCII first character can form one.
 */
export function normalizeRepositoryPath(input: string): string | undefined {
  if (typeof input !== 'string') return undefined;
  const path = trimUnicodeWhitespace(input).replaceAll('\\', '/');
  if (path === '' || path.startsWith('/') || path.startsWith('~')) return undefined;
  if (path.charCodeAt(0) < 0x80 && path[1] === ':') return undefined;
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') return undefined;
    segments.push(segment);
  }
  return segments.length === 0 ? undefined : segments.join('/');
}
