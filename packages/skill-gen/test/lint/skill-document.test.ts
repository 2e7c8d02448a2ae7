import { describe, expect, it } from 'vitest';
import { LINT_RUNTIMES, SEVERITIES } from '../../src/lint/runtimes.js';
import { parseSkillDocument } from '../../src/lint/skill-document.js';
import { LINT_RULES, lintSkillFile } from '../../src/runtimes/runtime-lint.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const input = (content: string | Uint8Array, folderName = 'demo') => ({
  file: `${folderName}/SKILL.md`,
  fileName: 'SKILL.md',
  folderName,
  bytes: typeof content === 'string' ? bytes(content) : content,
  folderEntries: [],
});

const nestedBlock = (depth: number) =>
  `---\nname: demo\ndescription: deep\nmetadata:\n${Array.from({ length: depth }, (_, i) => `${'  '.repeat(i + 1)}k${i}:`).join('\n')}\n---\n`;
const aliasBomb = [
  '---',
  'name: demo',
  'description: bomb',
  'a: &a ["x","x","x","x","x","x","x","x","x"]',
  'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
  'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
  'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
  'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
  'f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]',
  'g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]',
  'metadata: *g',
  '---',
  'Body',
].join('\n');

/** Untrusted files: each must lint to typed findings, without throwing and without polluting prototypes. */
const JUNK = [
  ['empty file', '', 'front-matter-missing'],
  ['a lone brace', '{', 'front-matter-missing'],
  ['a JSON array', '[]', 'front-matter-missing'],
  ['a number', '42', 'front-matter-missing'],
  ['only the opener', '---', 'front-matter-unclosed'],
  ['empty front matter', '---\n---\n', 'name-missing'],
  ['a 5 MB line', 'x'.repeat(5_000_000), 'front-matter-missing'],
  [
    'a 3 MB description',
    `---\nname: demo\ndescription: ${'y'.repeat(3_000_000)}\n---\nBody\n`,
    'description-too-long',
  ],
  [
    '20 000 nested flow sequences',
    `---\nname: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n---\n`,
    'yaml-syntax',
  ],
  ['2 000 nested block mappings', nestedBlock(2_000), 'yaml-syntax'],
  ['200 nested block mappings', nestedBlock(200), 'metadata-value-not-string'],
  ['an alias bomb', aliasBomb, 'metadata-not-mapping'],
  [
    '__proto__ and constructor keys',
    '---\n__proto__:\n  polluted: yes\nconstructor:\n  prototype:\n    polluted: yes\nname: demo\ndescription: proto\n---\nBody\n',
    'unknown-key',
  ],
  ['invalid UTF-8', new Uint8Array([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0xfe, 0x0a]), 'encoding-invalid'],
  ['an encoded lone surrogate', new Uint8Array([0x23, 0x20, 0xed, 0xa0, 0x80, 0x0a]), 'encoding-invalid'],
  ['only CRLF', '\r\n\r\n', 'front-matter-missing'],
  ['NUL bytes', '\u0000\u0000\u0000', 'front-matter-missing'],
  [
    'a million unclosed tags',
    `---\nname: demo\ndescription: "${'<a'.repeat(500_000)}"\n---\nBody\n`,
    'description-too-long',
  ],
  [
    'half a million link openers',
    `---\nname: demo\ndescription: links\n---\n${'](x'.repeat(500_000)}\n`,
    'body-too-long',
  ],
  [
    'a million backticks',
    `---\nname: demo\ndescription: ticks\n---\n${'`'.repeat(1_000_000)}\n`,
    'body-too-long',
  ],
  [
    '100 000 `: ` pairs',
    `---\nname: demo\ndescription: ${'a: '.repeat(100_000)}\n---\nBody\n`,
    'yaml-unquoted-colon',
  ],
] as const;

const ruleIds = new Set(LINT_RULES.map((rule) => rule.id));

describe('lintSkillFile on junk input', () => {
  it.each(JUNK)('%s: typed findings, no throw', { timeout: 20_000 }, (_label, content, expectedRule) => {
    const findings = lintSkillFile(input(content), LINT_RUNTIMES);
    expect(findings.map((finding) => finding.rule)).toContain(expectedRule);
    for (const finding of findings) {
      expect(ruleIds.has(finding.rule)).toBe(true);
      expect(SEVERITIES).toContain(finding.severity);
      expect(finding.runtimes.length).toBeGreaterThan(0);
      expect(finding.line).toBeGreaterThanOrEqual(1);
      expect(finding.message.length).toBeLessThan(2_000);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

describe('parseSkillDocument', () => {
  it('splits front matter and body and keeps file line numbers', () => {
    const skill = parseSkillDocument(input('---\nname: demo\ndescription: d\n---\n# Title\nText\n'));
    expect(skill.frontMatter.kind).toBe('yaml');
    if (skill.frontMatter.kind !== 'yaml') return;
    expect(skill.frontMatter.closerLine).toBe(4);
    expect(skill.frontMatter.root?.kind).toBe('mapping');
    expect(skill.body).toEqual({ lines: ['# Title', 'Text'], startLine: 5 });
  });

  it('counts CRLF lines, strips the BOM for parsing, and reads the first invalid byte line', () => {
    const skill = parseSkillDocument(
      input(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('---\r\nname: a\r\n---\r\nok\n\xff')])),
    );
    expect(skill.hasBom).toBe(true);
    expect(skill.crlfLines).toBe(3);
    expect(skill.firstCrlfLine).toBe(1);
    expect(skill.frontMatter.kind).toBe('yaml');
  });

  it('marks a lower-case skill.md as a skill source', () => {
    expect(parseSkillDocument({ ...input('---\n---\n'), fileName: 'skill.md' }).kind).toBe('source');
  });

  it('reads a value with an unquoted ": " as the string lenient loaders see', () => {
    const findings = lintSkillFile(
      input('---\nname: demo\ndescription: Use this: when needed\n---\nBody\n'),
      ['portable'],
    );
    expect(findings.map((finding) => finding.rule)).toEqual(['yaml-unquoted-colon']);
  });
});

describe('per-runtime severity', () => {
  it('makes a 1100-character description an error for codex and a warning for claude-code', () => {
    const findings = lintSkillFile(input(`---\nname: demo\ndescription: ${'d'.repeat(1100)}\n---\nBody\n`), [
      'claude-code',
      'codex',
    ]);
    expect(findings.map(({ rule, severity, runtimes }) => ({ rule, severity, runtimes }))).toEqual([
      { rule: 'description-too-long', severity: 'error', runtimes: ['codex'] },
      { rule: 'description-too-long', severity: 'warning', runtimes: ['claude-code'] },
    ]);
  });

  it('only reports for the runtimes asked for', () => {
    const text = '\uFEFF---\nname: demo\ndescription: d\n---\nBody\n';
    expect(lintSkillFile(input(text), ['opencode', 'claude-code'])).toEqual([]);
    expect(lintSkillFile(input(text), ['codex']).map((finding) => finding.rule)).toEqual(['bom']);
  });
});

describe('a YAML syntax finding', () => {
  it('ends with the problem, not the parser\'s dangling "at line N, column M:"', () => {
    const skill = parseSkillDocument({
      file: 'x/SKILL.md',
      fileName: 'SKILL.md',
      folderName: 'x',
      bytes: new TextEncoder().encode('---\nname: x\ndescription: Use this: when x\n---\nBody.\n'),
    });
    const issues = skill.frontMatter.kind === 'yaml' ? skill.frontMatter.issues : [];
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) expect(issue.message).not.toMatch(/at line \d+, column \d+:?$/);
    expect(issues[0]).toMatchObject({
      line: 3,
      message: 'Nested mappings are not allowed in compact mappings',
    });
  });
});
