import { findFileReferences, resolveInsideFolder } from '../file-references.js';
import { defineRule, type RuleViolation } from '../finding.js';
import { mappingRoot } from '../front-matter-view.js';
import type { LintFacts } from '../lint-facts.js';
import type { SkillDocument } from '../skill-document.js';

const BODY_LINE_LIMIT = 500;
/** The spec's 5000-token guidance at the usual ~4 characters per token. */
const BODY_CHARACTER_LIMIT = 20_000;

export const bodyTooLong = defineRule({
  id: 'body-too-long',
  summary: 'The body is longer than the spec recommends (500 lines, about 5000 tokens).',
  portable: 'warning',
  fix: 'Move detail into `references/` files and link them from the body.',
  check(skill) {
    const lines = skill.body.lines;
    let characters = 0;
    for (const line of lines) characters += line.length + 1;
    if (lines.length <= BODY_LINE_LIMIT && characters <= BODY_CHARACTER_LIMIT) return [];
    return [
      {
        line: skill.body.startLine,
        message: `The body is ${lines.length} lines and ${characters} characters (about ${Math.round(characters / 4)} tokens); the Agent Skills spec recommends under ${BODY_LINE_LIMIT} lines and 5000 tokens, because the whole body enters the context when the skill is activated.`,
      },
    ];
  },
});

export const bodyEmpty = defineRule({
  id: 'body-empty',
  summary: 'The skill has no instructions after the front matter.',
  portable: 'info',
  fix: 'Write the instructions the agent follows once the skill is activated.',
  check(skill) {
    if (skill.frontMatter.kind !== 'yaml' || skill.body.lines.some((line) => line.trim() !== '')) return [];
    return [
      {
        line: skill.frontMatter.closerLine,
        message: 'The body is empty: activating the skill gives the agent no instructions.',
      },
    ];
  },
});

/** Paths `build` generates for a source's contracts, so they are missing from the source folder by design. */
function generatedPaths(skill: SkillDocument): Set<string> {
  const paths = new Set<string>();
  if (skill.kind !== 'source') return paths;
  const contracts = mappingRoot(skill)?.find((entry) => entry.key === 'contracts')?.value;
  if (contracts?.kind !== 'sequence') return paths;
  for (const item of contracts.items) {
    if (item.kind !== 'scalar' || typeof item.value !== 'string') continue;
    paths.add(`references/${item.value}.schema.json`);
    paths.add(`references/${item.value}.openai.schema.json`);
    paths.add(`references/${item.value}.d.ts`);
  }
  return paths;
}

interface ReferenceViolations {
  readonly unresolved: RuleViolation[];
  readonly escaping: RuleViolation[];
}

/**
 * Both reference rules run once per runtime; the scan depends only on the file and the facts of every
 * runtime, so it runs once.
 */
const scanned = new WeakMap<SkillDocument, { facts: LintFacts; result: ReferenceViolations }>();

function referenceViolations(skill: SkillDocument, facts: LintFacts): ReferenceViolations {
  const cached = scanned.get(skill);
  if (cached?.facts === facts) return cached.result;
  const result = scanReferences(skill, facts.skillFolderPrefixes);
  scanned.set(skill, { facts, result });
  return result;
}

function scanReferences(skill: SkillDocument, skillFolderPrefixes: readonly string[]): ReferenceViolations {
  const unresolved: RuleViolation[] = [];
  const escaping: RuleViolation[] = [];
  const entries = skill.folderEntries;
  if (entries === undefined) return { unresolved, escaping };
  const existing = new Set(entries.map((entry) => entry.path));
  const generated = generatedPaths(skill);
  const seen = new Set<string>();
  for (const reference of findFileReferences(skill.body.lines, skill.body.startLine, skillFolderPrefixes)) {
    const key = `${reference.line}:${reference.target}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const resolved = resolveInsideFolder(reference.target);
    if (resolved === undefined) {
      escaping.push({
        line: reference.line,
        message: `The body points at ${JSON.stringify(reference.target)}, outside the skill folder; installers copy only the skill folder, so the file is not there at run time.`,
      });
    } else if (resolved !== '' && !existing.has(resolved) && !generated.has(resolved)) {
      unresolved.push({
        line: reference.line,
        message: `The body points at ${JSON.stringify(reference.target)}, which does not exist in the skill folder.`,
      });
    }
  }
  return { unresolved, escaping };
}

export const fileReferenceUnresolved = defineRule({
  id: 'file-reference-unresolved',
  summary: 'A relative file reference in the body does not resolve inside the skill folder.',
  portable: 'warning',
  fix: 'Create the file, or correct the path (relative to the skill folder, e.g. `references/guide.md`).',
  check: (skill, _runtime, facts) => referenceViolations(skill, facts).unresolved,
});

export const fileReferenceEscapesSkill = defineRule({
  id: 'file-reference-escapes-skill',
  summary: 'A relative file reference in the body climbs out of the skill folder (`../`).',
  portable: 'warning',
  fix: 'Copy the file into the skill folder (for example under `references/`) and link it from there.',
  check: (skill, _runtime, facts) => referenceViolations(skill, facts).escaping,
});
