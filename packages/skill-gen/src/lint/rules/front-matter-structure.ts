import { defineRule, type RuleViolation } from '../finding.js';
import { UNQUOTED_COLON, type YamlIssue } from '../front-matter.js';
import { preview } from '../front-matter-view.js';
import type { SkillDocument } from '../skill-document.js';

const JS_LANGUAGES = new Set(['js', 'javascript']);

export const frontMatterMissing = defineRule({
  id: 'front-matter-missing',
  summary: 'The file does not start with a `---` YAML front matter block.',
  portable: 'error',
  fix: 'Start the file with a `---` line, the YAML keys `name` and `description`, and a closing `---` line.',
  check(skill) {
    const block = skill.frontMatter;
    if (block.kind === 'missing') {
      return [
        {
          line: 1,
          message: `The file does not start with \`---\` (first line: ${preview(block.firstLine)}). Codex (0.169.0) and OpenCode (1.18.33) skip the skill; Claude Code loads it with the folder name and the first paragraph as description.`,
        },
      ];
    }
    if (block.kind === 'language' && !JS_LANGUAGES.has(block.language.toLowerCase())) {
      return [
        {
          line: 1,
          message: `The front matter opener \`---${block.language}\` is not \`---\`; runtimes read only YAML front matter and see none here.`,
        },
      ];
    }
    return [];
  },
});

export const frontMatterUnclosed = defineRule({
  id: 'front-matter-unclosed',
  summary: 'The front matter is never closed by a `---` line.',
  portable: 'error',
  fix: 'Add a line containing only `---` after the last front matter key.',
  check(skill) {
    if (skill.frontMatter.kind !== 'unclosed') return [];
    return [
      {
        line: 1,
        message:
          'The front matter opened on line 1 is never closed by a `---` line. Codex (0.169.0) skips the skill, Claude Code reads no front matter at all, and OpenCode (1.18.33) reads the whole file as front matter, leaving no body.',
      },
    ];
  },
});

export const frontMatterJs = defineRule({
  id: 'front-matter-js',
  summary: 'The front matter is JavaScript (`---js`), which tools evaluate as code.',
  portable: 'error',
  fix: 'Replace the block with YAML front matter between two `---` lines.',
  check(skill) {
    const block = skill.frontMatter;
    if (block.kind !== 'language' || !JS_LANGUAGES.has(block.language.toLowerCase())) return [];
    return [
      {
        line: 1,
        message: `The front matter is declared as \`---${block.language}\`: OpenCode (1.18.33) runs it as JavaScript, with \`process\` in scope, every time it loads skills; Codex (0.169.0) skips the skill and Claude Code reads no front matter. skillpack never evaluates it.`,
      },
    ];
  },
});

/** YAML issues of one kind, one violation per line. */
function issuesWhere(skill: SkillDocument, keep: (issue: YamlIssue) => boolean): YamlIssue[] {
  const block = skill.frontMatter;
  if (block.kind !== 'yaml') return [];
  const seen = new Set<number>();
  const out: YamlIssue[] = [];
  for (const issue of block.issues) {
    if (!keep(issue) || seen.has(issue.line)) continue;
    seen.add(issue.line);
    out.push(issue);
  }
  return out;
}

function yamlLine(skill: SkillDocument, line: number): string {
  return skill.frontMatter.kind === 'yaml' ? (skill.frontMatter.lines[line - 2] ?? '') : '';
}

export const yamlTabIndent = defineRule({
  id: 'yaml-tab-indent',
  summary: 'A front matter line is indented with a tab.',
  portable: 'error',
  fix: 'Indent YAML with spaces only.',
  check(skill) {
    return issuesWhere(skill, (issue) => issue.code === 'TAB_AS_INDENT').map((issue) => ({
      line: issue.line,
      message: `Line ${issue.line} is indented with a tab, which YAML forbids. Codex (0.169.0) skips the skill; Claude Code (2.1.328) drops every front matter field when the tab precedes a top-level key; OpenCode (1.18.33) tolerates it.`,
    }));
  },
});

export const yamlDuplicateKey = defineRule({
  id: 'yaml-duplicate-key',
  summary: 'A front matter key appears more than once.',
  portable: 'error',
  fix: 'Keep a single occurrence of the key.',
  check(skill) {
    return issuesWhere(skill, (issue) => issue.code === 'DUPLICATE_KEY').map((issue) => {
      const key = yamlLine(skill, issue.line).split(':', 1)[0]?.trim() ?? '';
      return {
        line: issue.line,
        message: `The key ${preview(key)} appears again on line ${issue.line}. Codex (0.169.0) and OpenCode (1.18.33) skip the skill; strict YAML parsers reject it.`,
      };
    });
  },
});

export const yamlUnquotedColon = defineRule({
  id: 'yaml-unquoted-colon',
  summary: 'A plain (unquoted) front matter value contains `: `.',
  portable: 'error',
  fix: 'Quote the value, for example `description: "Use this: when needed"`.',
  check(skill) {
    return issuesWhere(skill, (issue) => issue.code === UNQUOTED_COLON).map((issue) => ({
      line: issue.line,
      message: `Line ${issue.line} has an unquoted value containing \`: \` (${preview(yamlLine(skill, issue.line))}). Strict YAML parsers (skills-ref, PyYAML in Codex's validator) reject the front matter; Claude Code 2.1.328, Codex 0.169.0 and OpenCode 1.18.33 load it only through lenient fallbacks.`,
    }));
  },
});

const OWN_CODES = new Set(['TAB_AS_INDENT', 'DUPLICATE_KEY', UNQUOTED_COLON]);

export const yamlSyntax = defineRule({
  id: 'yaml-syntax',
  summary: 'The front matter is not valid YAML.',
  portable: 'error',
  fix: 'Fix the YAML syntax; quote values that contain `: `, ` #` or start with a YAML indicator such as `[`, `{`, `*`, `&`, `!`, `|`, `>`, `@` or a backtick.',
  check(skill) {
    const issues = issuesWhere(skill, (issue) => !OWN_CODES.has(issue.code));
    return issues.slice(0, 10).map(
      (issue): RuleViolation => ({
        line: issue.line,
        message: `The front matter is not valid YAML: ${issue.message} (${issue.code}). OpenCode (1.18.33) skips the skill and \`skills-ref\` rejects it; Claude Code (2.1.328) and Codex (0.169.0) recover from some syntax errors and drop the front matter on others.`,
      }),
    );
  },
});

export const frontMatterNotMapping = defineRule({
  id: 'front-matter-not-mapping',
  summary: 'The front matter is YAML but not a mapping of keys to values.',
  portable: 'error',
  fix: 'Write the front matter as `key: value` lines (`name: …`, `description: …`).',
  check(skill) {
    const block = skill.frontMatter;
    if (block.kind !== 'yaml' || !block.usable || block.root === undefined || block.root.kind === 'mapping')
      return [];
    const received = block.root.kind === 'scalar' ? 'a single value' : `a ${block.root.kind}`;
    return [
      {
        line: block.root.line,
        message: `The front matter is ${received}, not a mapping; no runtime finds \`name\` or \`description\` in it.`,
      },
    ];
  },
});

// skills-ref splits the file on the first two `---` substrings (runtimes.md §1.3 item 2).
export const frontMatterTripleDash = defineRule({
  id: 'front-matter-triple-dash',
  summary: 'A front matter line contains `---`, where skills-ref cuts the front matter.',
  portable: 'error',
  fix: 'Rephrase the value without three consecutive dashes (for example use an em dash).',
  check(skill) {
    const block = skill.frontMatter;
    if (block.kind !== 'yaml') return [];
    const index = block.lines.findIndex((line) => line.includes('---'));
    if (index === -1) return [];
    return [
      {
        line: index + 2,
        message: `Line ${index + 2} contains \`---\`. \`skills-ref\` splits the file on the first two \`---\` markers, so it cuts the front matter at this line and fails.`,
      },
    ];
  },
});
