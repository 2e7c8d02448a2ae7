/**
 * Names Windows cannot hold. Every runtime a pack targets runs on Windows, so a pack must not name a skill, a
 * pack or any file it writes in a way Windows refuses: the device names (`CON`, `PRN`, `AUX`, `NUL`, `COM1`–`COM9`,
 * `LPT1`–`LPT9`, in any case, with or without an extension), a trailing dot or space, the characters
 * `<>:"|?*\`, or control characters. Pure.
 */
const RESERVED_DEVICE_NAMES = new Set([
  'con',
  'prn',
  'aux',
  'nul',
  ...Array.from({ length: 9 }, (_, i) => `com${i + 1}`),
  ...Array.from({ length: 9 }, (_, i) => `lpt${i + 1}`),
]);
const FORBIDDEN_CHARACTERS = new Set(['<', '>', ':', '"', '\\', '|', '?', '*']);

/** Why Windows cannot hold a file or folder of this name, or `undefined` when it can. */
export function windowsNameProblem(name: string): string | undefined {
  for (const char of name) {
    if (FORBIDDEN_CHARACTERS.has(char)) return `contains ${JSON.stringify(char)}`;
    if (char.charCodeAt(0) < 32) return 'contains a control character';
  }
  if (name.endsWith('.') || name.endsWith(' ')) return 'ends with a dot or a space';
  // Windows drops trailing spaces before the extension too: `con .txt` is CON.
  const stem = (name.split('.', 1)[0] ?? name).trimEnd().toLowerCase();
  if (RESERVED_DEVICE_NAMES.has(stem)) return `uses the reserved device name "${stem.toUpperCase()}"`;
  return undefined;
}

/** The first segment of a POSIX path that Windows cannot hold, with why, or `undefined`. */
export function windowsPathProblem(path: string): { segment: string; problem: string } | undefined {
  for (const segment of path.split('/')) {
    const problem = windowsNameProblem(segment);
    if (problem) return { segment, problem };
  }
  return undefined;
}
