/**
 * `pathlib.PurePosixPath` arithmetic the ZaoFu kernel uses for artifact paths, done lexically: core does no
 * I/O, so `Path.resolve()` is reproduced without following symlinks.
 */

/** `PurePosixPath(path).parts`: the root (`/`, or `//` for exactly two leading slashes) then each segment. */
export function posixParts(path: string): string[] {
  const parts: string[] = [];
  if (path.startsWith('/')) parts.push(path.startsWith('//') && !path.startsWith('///') ? '//' : '/');
  for (const segment of path.split('/')) {
    if (segment !== '' && segment !== '.') parts.push(segment);
  }
  return parts;
}

export function isAbsolutePosix(path: string): boolean {
  return path.startsWith('/');
}

/** `PurePosixPath(path).as_posix()`: duplicate slashes and `.` segments collapse; `..` stays. */
export function asPosix(path: string): string {
  const parts = posixParts(path);
  if (parts.length === 0) return '.';
  const [first, ...rest] = parts;
  if (first === '/' || first === '//') return first + rest.join('/');
  return parts.join('/');
}

/** The absolute, `..`-free form of `path` (resolved against `base` when relative), like `Path.resolve()`. */
export function resolvePosix(path: string, base = '/'): string {
  const joined = isAbsolutePosix(path) ? path : `${base}/${path}`;
  const segments: string[] = [];
  for (const segment of joined.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/** `path.relative_to(root)` succeeds: both absolute and resolved. */
export function isWithin(path: string, root: string): boolean {
  if (root === '/') return true;
  return path === root || path.startsWith(`${root}/`);
}

/**
 * Why a relative path would leave the project once another tool reads it: a `\` separator or a drive letter
 * (Windows), a leading `~` (shells), or a NUL byte. The kernel reads paths as POSIX; payloads stay portable.
 */
export function nonPortablePathProblem(path: string): string | undefined {
  if (path.includes('\0')) return 'must not contain a NUL byte';
  if (path.includes('\\')) return 'must use / as the separator, not \\';
  if (/^[A-Za-z]:/.test(path)) return 'must not start with a drive letter';
  if (path.startsWith('~')) return 'must not start with ~';
  return undefined;
}
