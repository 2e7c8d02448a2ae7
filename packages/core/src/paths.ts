import { trimUnicodeWhitespace } from './text/whitespace.js';

/** Whether a path starts like a Windows drive (`C:`): an ASCII character, then `:` (the second UTF-8 byte). */
function startsWithDrive(path: string): boolean {
  return path.charCodeAt(0) < 0x80 && path[1] === ':';
}

/** A `..` segment anywhere in a `/`-separated path. */
const PARENT_SEGMENT = /(?:^|\/)\.\.(?:\/|$)/;
/** An empty or `.` segment, with the separator before it (or the start of the path). */
const EMPTY_OR_DOT_SEGMENT = /(?:^|\/)\.?(?=\/|$)/g;

/**
 * Normalise a repository-relative path the way the Conflux runtime does: trim, `\` -> `/`, drop empty and
 * `.` segments; reject empty, absolute (`/`, `~`, a drive letter `C:`) and any `..` segment. `src/a.ts:10`
 * stays. Beyond the runtime, the result is checked again, so `./C:/x` or `./~/x` cannot come out as an
 * absolute path (the seed contract: a declared path never escapes the workspace).
 */
export function normalizeRepositoryPath(input: string): string | undefined {
  if (typeof input !== 'string') return undefined;
  const path = trimUnicodeWhitespace(input).replaceAll('\\', '/');
  if (path === '' || path.startsWith('/') || path.startsWith('~') || startsWithDrive(path)) return undefined;
  if (PARENT_SEGMENT.test(path)) return undefined;
  // Each empty or `.` segment goes with the separator before it; one at the start leaves its `/` behind.
  // One pass over the string, no array of segments: a long path costs no garbage per segment.
  const kept = path.replace(EMPTY_OR_DOT_SEGMENT, '');
  const normalized = kept.startsWith('/') ? kept.slice(1) : kept;
  if (normalized === '' || normalized.startsWith('~') || startsWithDrive(normalized)) return undefined;
  return normalized;
}

/**
 * Whether `path` is a value `normalizeRepositoryPath` can return: non-empty `/`-separated segments, none
 * empty, `.` or `..`, no `\`, not starting with `/`, `~` or a drive. Whitespace next to a separator can
 * survive normalisation (`src/a.ts \` becomes `src/a.ts `), so this is not `normalize(path) === path`.
 */
export function isRepositoryPath(path: string): boolean {
  if (typeof path !== 'string' || path === '' || path.includes('\\')) return false;
  if (path.startsWith('/') || path.startsWith('~') || startsWithDrive(path)) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}
