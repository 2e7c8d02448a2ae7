import { defineRule, type RuleViolation } from '../finding.js';

const RESERVED_DEVICE_NAMES = new Set([
  'con',
  'prn',
  'aux',
  'nul',
  ...Array.from({ length: 9 }, (_, i) => `com${i + 1}`),
  ...Array.from({ length: 9 }, (_, i) => `lpt${i + 1}`),
]);
const FORBIDDEN_CHARACTERS = new Set(['<', '>', ':', '"', '\\', '|', '?', '*']);

/** Why Windows cannot hold a file of this name, or `undefined` when it can. */
export function windowsNameProblem(name: string): string | undefined {
  for (const char of name) {
    if (FORBIDDEN_CHARACTERS.has(char)) return `contains ${JSON.stringify(char)}`;
    if (char.charCodeAt(0) < 32) return 'contains a control character';
  }
  if (name.endsWith('.') || name.endsWith(' ')) return 'ends with a dot or a space';
  const stem = (name.split('.', 1)[0] ?? name).toLowerCase();
  if (RESERVED_DEVICE_NAMES.has(stem)) return `uses the reserved device name "${stem.toUpperCase()}"`;
  return undefined;
}

export const fileNameWindowsUnsafe = defineRule({
  id: 'file-name-windows-unsafe',
  summary: 'A file in the skill folder cannot be checked out on Windows (or collides by case on macOS).',
  severity: { 'claude-code': 'warning', codex: 'warning', opencode: 'warning', portable: 'warning' },
  fix: 'Rename the file to letters, digits, `-`, `_` and `.`, unique regardless of case.',
  check(skill) {
    const entries = skill.folderEntries;
    if (entries === undefined) return [];
    const violations: RuleViolation[] = [];
    const byFoldedPath = new Map<string, string>();
    for (const entry of entries) {
      const name = entry.path.slice(entry.path.lastIndexOf('/') + 1);
      const problem = windowsNameProblem(name);
      if (problem) {
        violations.push({
          line: 1,
          message: `${JSON.stringify(entry.path)} ${problem}; Windows cannot create it, so the skill breaks when installed or cloned there.`,
        });
      }
      const folded = entry.path.toLowerCase();
      const other = byFoldedPath.get(folded);
      if (other !== undefined) {
        violations.push({
          line: 1,
          message: `${JSON.stringify(entry.path)} and ${JSON.stringify(other)} differ only by case; on Windows and macOS one overwrites the other.`,
        });
      } else byFoldedPath.set(folded, entry.path);
    }
    return violations;
  },
});
