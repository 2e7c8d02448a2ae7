import { defineRule } from '../finding.js';

export const encodingInvalid = defineRule({
  id: 'encoding-invalid',
  summary: 'The file is not valid UTF-8.',
  portable: 'error',
  fix: 'Re-save the file as UTF-8 (without a byte order mark).',
  check(skill) {
    if (skill.invalidUtf8Line === undefined) return [];
    return [
      {
        line: skill.invalidUtf8Line,
        message: `The file is not valid UTF-8 (first bad byte on line ${skill.invalidUtf8Line}). Codex (0.169.0) skips the skill; Claude Code and OpenCode load it with replacement characters.`,
      },
    ];
  },
});

// Observed: Codex 0.169.0 silently skips a SKILL.md that starts with a BOM; OpenCode 1.18.33 loads it.
export const byteOrderMark = defineRule({
  id: 'bom',
  summary: 'The file starts with a UTF-8 byte order mark.',
  portable: 'error',
  fix: 'Remove the byte order mark (save as "UTF-8", not "UTF-8 with BOM").',
  check(skill) {
    if (!skill.hasBom) return [];
    return [
      {
        line: 1,
        message:
          'The file starts with a UTF-8 byte order mark before `---`. Codex (0.169.0) then finds no front matter and skips the skill without a message; `skills-ref validate` requires the file to start with `---`.',
      },
    ];
  },
});

export const crlfLineEndings = defineRule({
  id: 'crlf',
  summary: 'Lines end with CRLF.',
  portable: 'warning',
  fix: 'Convert the file to LF line endings (for example `git config core.autocrlf input` and re-checkout).',
  check(skill) {
    if (skill.crlfLines === 0 || skill.firstCrlfLine === undefined) return [];
    return [
      {
        line: skill.firstCrlfLine,
        message: `${skill.crlfLines} line(s) end with CRLF (first: line ${skill.firstCrlfLine}). Codex's own skill validator (quick_validate.py) matches \`---\\n\` literally and rejects the front matter; the Codex 0.169.0 and OpenCode 1.18.33 loaders accept it.`,
      },
    ];
  },
});

export const skillFileName = defineRule({
  id: 'skill-file-name',
  summary: 'The skill file is not named exactly `SKILL.md`.',
  portable: 'error',
  fix: 'Rename the file to `SKILL.md` (upper case, `.md` lower case).',
  check(skill) {
    if (skill.kind === 'source' || skill.fileName === 'SKILL.md') return [];
    return [
      {
        line: 1,
        message: `The file is named "${skill.fileName}"; runtimes look for a file named exactly \`SKILL.md\`, so on a case-sensitive file system this skill is not found.`,
      },
    ];
  },
});
