import { defineRule, type RuleViolation } from '../finding.js';
import type { FrontMatterEntry } from '../front-matter.js';
import { codePointLength, frontMatterFor, isBlankValue, preview } from '../front-matter-view.js';
import type { LintFacts } from '../lint-facts.js';
import type { LintRuntime } from '../runtimes.js';
import type { SkillDocument } from '../skill-document.js';

const NAME_LIMIT = 64;
const ALLOWED_PORTABLE = /^[\p{L}\p{N}-]$/u;
const ALLOWED_ASCII = /^[a-z0-9-]$/;

interface NameValue {
  readonly entry: FrontMatterEntry;
  /** NFKC-normalised for `portable` (as skills-ref compares), as written for the runtimes. */
  readonly name: string;
}

/** The skill's name as the runtime reads it, when it is a non-empty string. */
function nameFor(skill: SkillDocument, runtime: LintRuntime, facts: LintFacts): NameValue | undefined {
  const entry = frontMatterFor(skill, runtime, facts)?.get('name');
  if (entry?.value.kind !== 'scalar' || typeof entry.value.value !== 'string') return undefined;
  const raw = entry.value.value.trim();
  if (raw === '') return undefined;
  return { entry, name: runtime === 'portable' ? raw.normalize('NFKC') : raw };
}

function single(line: number, message: string): RuleViolation[] {
  return [{ line, message }];
}

export const nameMissing = defineRule({
  id: 'name-missing',
  summary: 'The front matter has no `name`, or it is empty.',
  portable: 'error',
  fix: 'Add `name: <folder-name>` (lowercase letters, digits and hyphens).',
  check(skill, runtime, facts) {
    const view = frontMatterFor(skill, runtime, facts);
    if (!view) return [];
    const entry = view.get('name');
    if (!isBlankValue(entry?.value)) return [];
    const missing = entry
      ? 'OpenCode (1.18.33) lists the skill with an empty name'
      : 'OpenCode (1.18.33) skips the skill';
    return single(
      entry?.line ?? 2,
      `The front matter has no \`name\`${entry ? ' (it is empty)' : ''}. ${missing}; Codex (0.169.0) and Claude Code use the folder name "${skill.folderName}".`,
    );
  },
});

export const nameNotString = defineRule({
  id: 'name-not-string',
  summary: '`name` is not a string.',
  portable: 'error',
  fix: 'Write the name as a string; quote it if YAML would read it as a number or boolean (`name: "2048"`).',
  check(skill, runtime, facts) {
    const entry = frontMatterFor(skill, runtime, facts)?.get('name');
    const value = entry?.value;
    if (!entry || !value) return [];
    if (value.kind === 'scalar' && (value.value === null || typeof value.value === 'string')) return [];
    const received =
      value.kind === 'scalar' ? `a ${typeof value.value} (${value.source})` : `a ${value.kind}`;
    return single(
      entry.line,
      `\`name\` is ${received}, not a string. Claude Code (2.1.328) rejects it and OpenCode (1.18.33) skips the skill.`,
    );
  },
});

export const nameTooLong = defineRule({
  id: 'name-too-long',
  summary: '`name` is longer than 64 characters.',
  portable: 'error',
  fix: 'Shorten the name (and the folder) to at most 64 characters.',
  check(skill, runtime, facts) {
    const value = nameFor(skill, runtime, facts);
    if (!value) return [];
    const length = codePointLength(value.name);
    if (length <= NAME_LIMIT) return [];
    return single(
      value.entry.line,
      `\`name\` is ${length} characters; the limit is ${NAME_LIMIT}. Codex (0.169.0) skips the skill and \`skills-ref\` rejects it.`,
    );
  },
});

export const nameNotLowercase = defineRule({
  id: 'name-not-lowercase',
  summary: '`name` contains upper-case letters.',
  portable: 'error',
  fix: 'Use a lower-case name, and rename the folder to match.',
  check(skill, runtime, facts) {
    const value = nameFor(skill, runtime, facts);
    if (!value || value.name === value.name.toLowerCase()) return [];
    return single(
      value.entry.line,
      `\`name\` ${preview(value.name)} is not lower case. \`skills-ref\` rejects it; Claude Code, Codex and OpenCode document lower-case names (their loaders still accept it).`,
    );
  },
});

export const nameInvalidCharacters = defineRule({
  id: 'name-invalid-characters',
  summary: '`name` contains characters other than letters, digits and hyphens.',
  portable: 'error',
  fix: 'Use only `a-z`, `0-9` and single hyphens in the name, for example `pdf-tools`.',
  check(skill, runtime, facts) {
    const value = nameFor(skill, runtime, facts);
    if (!value) return [];
    const allowed = runtime === 'portable' ? ALLOWED_PORTABLE : ALLOWED_ASCII;
    const bad = new Set<string>();
    for (const char of value.name.toLowerCase()) if (!allowed.test(char)) bad.add(char);
    if (bad.size === 0) return [];
    const listed = [...bad]
      .slice(0, 5)
      .map((char) => JSON.stringify(char))
      .join(', ');
    const rule =
      runtime === 'portable'
        ? '`skills-ref` allows only letters, digits and hyphens'
        : 'the runtime documents `^[a-z0-9]+(-[a-z0-9]+)*$`';
    return single(value.entry.line, `\`name\` ${preview(value.name)} contains ${listed}; ${rule}.`);
  },
});

export const nameHyphenBoundary = defineRule({
  id: 'name-hyphen-boundary',
  summary: '`name` starts or ends with a hyphen.',
  portable: 'error',
  fix: 'Remove the leading or trailing hyphen.',
  check(skill, runtime, facts) {
    const value = nameFor(skill, runtime, facts);
    if (!value || !(value.name.startsWith('-') || value.name.endsWith('-'))) return [];
    return single(
      value.entry.line,
      `\`name\` ${preview(value.name)} starts or ends with a hyphen, which the Agent Skills spec forbids.`,
    );
  },
});

export const nameConsecutiveHyphens = defineRule({
  id: 'name-consecutive-hyphens',
  summary: '`name` contains `--`.',
  portable: 'error',
  fix: 'Replace `--` with a single hyphen.',
  check(skill, runtime, facts) {
    const value = nameFor(skill, runtime, facts);
    if (!value?.name.includes('--')) return [];
    return single(
      value.entry.line,
      `\`name\` ${preview(value.name)} contains consecutive hyphens, which the Agent Skills spec forbids.`,
    );
  },
});

export const nameFolderMismatch = defineRule({
  id: 'name-folder-mismatch',
  summary: '`name` differs from the skill folder name.',
  portable: 'error',
  fix: 'Rename the folder to the skill name, or change `name` to the folder name.',
  check(skill, runtime, facts) {
    const value = nameFor(skill, runtime, facts);
    if (!value) return [];
    const folder = runtime === 'portable' ? skill.folderName.normalize('NFKC') : skill.folderName;
    if (value.name === folder) return [];
    return single(
      value.entry.line,
      `\`name\` is ${preview(value.name)} but the folder is ${preview(folder)}. \`skills-ref\` requires them to match and OpenCode documents it; Claude Code names the command after the folder (\`/${folder}\`), while Codex and OpenCode list the skill as ${preview(value.name)}.`,
    );
  },
});

const RESERVED_WORDS = ['anthropic', 'claude'] as const;

export const nameReservedWord = defineRule({
  id: 'name-reserved-word',
  summary: "`name` contains a word that Anthropic's hosted surfaces reserve.",
  portable: 'error',
  fix: 'Choose a name without `claude` or `anthropic`.',
  check(skill, runtime, facts) {
    const value = nameFor(skill, runtime, facts);
    if (!value) return [];
    const lower = value.name.toLowerCase();
    const word = RESERVED_WORDS.find((reserved) => lower.includes(reserved));
    if (!word) return [];
    return single(
      value.entry.line,
      `\`name\` ${preview(value.name)} contains the reserved word "${word}"; uploading the skill to claude.ai or the Skills API fails (Claude Code itself loads it).`,
    );
  },
});

export const folderNameReserved = defineRule({
  id: 'folder-name-reserved',
  summary: 'The skill folder uses a name Claude Code reserves.',
  portable: 'off',
  fix: 'Rename the skill and its folder.',
  check(skill) {
    if (skill.folderName !== 'synced') return [];
    return single(1, 'Claude Code reserves the skill folder name "synced" (runtimes.md §2.1).');
  },
});
