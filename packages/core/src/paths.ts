/**
 * Normalise a repository-relative path the way the Conflux runtime does: trim, `\` -> `/`, drop empty and
 * `.` segments; reject empty, absolute (`/`, `~`, drive letter) and any `..` segment. `src/a.ts:10` stays.
 */
export function normalizeRepositoryPath(input: string): string | undefined {
  const path = input.trim().replaceAll('\\', '/');
  if (path === '' || path.startsWith('/') || path.startsWith('~') || path[1] === ':') return undefined;
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') return undefined;
    segments.push(segment);
  }
  return segments.length === 0 ? undefined : segments.join('/');
}
