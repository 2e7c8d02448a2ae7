/**
 * Why a pack or lock path is unsafe to join onto a target root, or `undefined` when it is a plain relative
 * POSIX path. Refused: empty, absolute, `~`, Windows drive or UNC prefixes, backslashes, NUL bytes, and empty,
 * `.` or `..` segments.
 */
export function unsafePathReason(path: string): string | undefined {
  if (path === '') return 'is empty';
  if (path.includes('\0')) return 'contains a NUL byte';
  if (path.startsWith('\\\\') || path.startsWith('//')) return 'is a UNC path';
  if (/^[A-Za-z]:/.test(path)) return 'starts with a Windows drive letter';
  if (path.startsWith('/')) return 'is absolute';
  if (path.startsWith('~')) return 'starts with ~';
  if (path.includes('\\')) return 'contains a backslash';
  for (const segment of path.split('/')) {
    if (segment === '..') return 'contains a `..` segment';
    if (segment === '' || segment === '.') return 'contains an empty or `.` segment';
  }
  return undefined;
}
