import { windowsNameProblem } from '../../files/windows-names.js';
import { defineRule, type RuleViolation } from '../finding.js';
import { frontMatterFor } from '../front-matter-view.js';

export { windowsNameProblem };

export const fileNameWindowsUnsafe = defineRule({
  id: 'file-name-windows-unsafe',
  summary:
    'The skill, its folder or a file in it has a name Windows cannot hold (or files collide by case on macOS).',
  // Every runtime runs on Windows: a pack must install on every OS its runtimes run on.
  portable: 'error',
  fix: 'Rename it to letters, digits, `-`, `_` and `.`, not a Windows device name (CON, AUX, NUL, COM1, …), unique regardless of case.',
  check(skill, runtime, facts) {
    const violations: RuleViolation[] = [];
    const folderProblem = windowsNameProblem(skill.folderName);
    if (folderProblem) {
      violations.push({
        line: 1,
        message: `The skill folder ${JSON.stringify(skill.folderName)} ${folderProblem}; Windows cannot create it, so the skill cannot be installed or cloned there.`,
      });
    }
    const name = frontMatterFor(skill, runtime, facts)?.get('name');
    const value = name?.value.kind === 'scalar' ? name.value.value : undefined;
    const nameProblem =
      typeof value === 'string' && value !== skill.folderName ? windowsNameProblem(value.trim()) : undefined;
    if (name && nameProblem) {
      violations.push({
        line: name.line,
        message: `The skill name ${JSON.stringify(value)} ${nameProblem}; the skill is installed into a folder of that name, which Windows cannot create.`,
      });
    }
    const entries = skill.folderEntries;
    if (entries === undefined) return violations;
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
