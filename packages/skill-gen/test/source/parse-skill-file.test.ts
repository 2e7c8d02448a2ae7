import { ConfigError } from '@skillpack/core';
import { describe, expect, it } from 'vitest';
import {
  MAX_FRONT_MATTER_LINES,
  MAX_SKILL_FILE_CHARS,
  safeParseSkillFile,
} from '../../src/source/parse-skill-file.js';
import { JUNK_INPUTS, prototypeIsClean } from '../_support/junk.js';
import { skillText } from '../_support/temp.js';

const FILE = 'skills/demo/skill.md';
const BASE = 'name: demo\ndescription: Demo skill.';

function failure(text: unknown) {
  const result = safeParseSkillFile(text, FILE);
  if (result.success) throw new Error('expected a failure');
  return result.error;
}

describe('safeParseSkillFile', () => {
  it('reads front matter, body and the line the body starts on', () => {
    const result = safeParseSkillFile(
      skillText(`${BASE}\ncontracts: [conflux.acceptance]`, '\n# Title\n{{skill.name}}\n'),
      FILE,
    );
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.frontMatter).toMatchObject({
      name: 'demo',
      description: 'Demo skill.',
      contracts: ['conflux.acceptance'],
    });
    expect(result.data.body).toBe('\n# Title\n{{skill.name}}\n');
    // Line 5 closes the front matter; the body (starting with its blank line) begins on line 6.
    expect(result.data.bodyLine).toBe(6);
    expect(result.data.lineOf(['contracts', 0])).toBe(4);
  });

  it('accepts CRLF and a BOM, and keeps line numbers', () => {
    const result = safeParseSkillFile(`\ufeff${skillText(BASE, '# Body\n').replaceAll('\n', '\r\n')}`, FILE);
    expect(result.success && result.data.bodyLine).toBe(5);
    expect(result.success && result.data.body).toBe('# Body\n');
  });

  it.each(['---js', '---JS', '--- javascript', '---JavaScript  '])(
    'refuses %j front matter and never evaluates it',
    (opener) => {
      const marker = `skillpackPwned${opener.length}`;
      const error = failure(`${opener}\n{ name: (globalThis.${marker} = true, 'x') }\n---\nbody`);
      expect(error.code).toBe('front_matter_javascript');
      expect(error.details).toMatchObject({ file: FILE, line: 1 });
      expect((globalThis as Record<string, unknown>)[marker]).toBeUndefined();
    },
  );

  it.each([
    ['another language tag', '---constructor\nname: x\n---\n', 'front_matter_language'],
    ['JSON front matter', '---json\n{"name":"x"}\n---\n', 'front_matter_language'],
    ['no front matter', '# Just a body\n', 'front_matter_missing'],
    ['unclosed front matter', '---\nname: demo\n', 'front_matter_unclosed'],
    ['a scalar document', '---\nhello\n---\nbody', 'front_matter_invalid'],
  ] as const)('refuses %s', (_label, text, code) => {
    expect(failure(text).code).toBe(code);
  });

  it('reports YAML syntax errors with the file line', () => {
    const error = failure('---\nname: demo\ndescription: a: b\n---\n');
    expect(error.code).toBe('front_matter_yaml');
    expect(error.details.line).toBe(3);
    expect(String(error.details.fix)).toMatch(/quote/i);
  });

  it("names the YAML error at the file line and column, without the parser's dangling position", () => {
    const error = failure('---\nname: demo\ndescription: Use this: when reviewing\n---\n');
    expect(error.message).toMatch(
      /^skills\/demo\/skill\.md:3:14: The front matter is not valid YAML: Nested mappings are not allowed in compact mappings\. Fix: /,
    );
    expect(error.message).not.toMatch(/at line \d+, column \d+/);
    expect(error.details).toMatchObject({ line: 3, column: 14 });
  });

  it('refuses duplicate keys', () => {
    expect(failure('---\nname: demo\nname: other\ndescription: d\n---\n').code).toBe('front_matter_yaml');
  });

  it('keeps YAML dates as text (core schema), so a date in metadata is still a string', () => {
    const result = safeParseSkillFile(skillText(`${BASE}\nmetadata:\n  released: 2024-01-01`), FILE);
    expect(result.success && result.data.frontMatter.metadata).toEqual({ released: '2024-01-01' });
  });

  it('rejects a non-string metadata value and says to quote it', () => {
    const error = failure(skillText(`${BASE}\nmetadata:\n  version: 1.0`));
    expect(error.code).toBe('front_matter_invalid');
    expect(error.message).toContain('front matter key "metadata.version"');
    expect(error.details.line).toBe(5);
    expect(String(error.details.fix)).toContain('version: "1.0"');
  });

  it.each([
    [
      'an unknown key',
      `${BASE}\nargument-hint: x`,
      'unknown key "argument-hint"',
      /"claude-code", "codex", "opencode"/,
    ],
    ['a name with capitals', 'name: Demo\ndescription: d', 'front matter key "name"', /lowercase/],
    [
      'an empty description',
      'name: demo\ndescription: "  "',
      'front matter key "description"',
      /must not be empty/,
    ],
    [
      'a description over 1024 characters',
      `name: demo\ndescription: ${'x'.repeat(1025)}`,
      'front matter key "description"',
      /<=1024/,
    ],
    ['a repeated contract', `${BASE}\ncontracts: [a.b, a.b]`, 'front matter key "contracts"', /twice/],
    [
      'an unknown Claude Code key',
      `${BASE}\nclaude-code:\n  hooks: {}`,
      'unknown key "hooks"',
      /"argument-hint"/,
    ],
    [
      'a Codex policy of the wrong type',
      `${BASE}\ncodex:\n  policy:\n    allow_implicit_invocation: "no"`,
      'front matter key "codex.policy.allow_implicit_invocation"',
      /boolean/,
    ],
    [
      'a __proto__ key',
      `${BASE}\nmetadata:\n  __proto__: x`,
      'key "metadata.__proto__" is not allowed',
      /__proto__/,
    ],
  ] as const)('names the key and the fix for %s', (_label, frontMatter, where, fix) => {
    const error = failure(skillText(frontMatter));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message.toLowerCase()).toContain(where.toLowerCase());
    expect(error.message.startsWith(`${FILE}:`)).toBe(true);
    expect(String(error.details.fix)).toMatch(fix);
  });

  // Times, as ratios of sizes, are in bench/pathological-inputs.bench.mjs.
  it('refuses oversized front matter before parsing it (gray-matter is quadratic on blank lines)', () => {
    const text = `---\nname: demo\n${' \n'.repeat(200_000)}description: d\n---\n`;
    expect(failure(text).code).toBe('front_matter_too_large');
  });

  it('parses the largest accepted front matter', () => {
    const text = `---\nname: demo\n${' \n'.repeat(MAX_FRONT_MATTER_LINES - 5)}description: d\n---\n`;
    expect(safeParseSkillFile(text, FILE).success).toBe(true);
  });

  it('handles a large body', () => {
    const text = skillText(BASE, `${'line with {{skill.name}}\n'.repeat(30_000)}`);
    expect(safeParseSkillFile(text, FILE).success).toBe(true);
  });

  it('refuses a file over the size limit', () => {
    expect(failure(skillText(BASE, 'x'.repeat(MAX_SKILL_FILE_CHARS))).code).toBe('source_too_large');
  });

  it('refuses lone surrogates', () => {
    expect(failure(skillText(BASE, 'bad \ud800 text')).code).toBe('source_encoding');
  });

  it.each(JUNK_INPUTS)('returns a typed failure for %s', (_label, input) => {
    let result: ReturnType<typeof safeParseSkillFile> | undefined;
    expect(() => {
      result = safeParseSkillFile(input, FILE);
    }).not.toThrow();
    expect(result?.success).toBe(false);
    if (result && !result.success) {
      expect(result.error).toBeInstanceOf(ConfigError);
      expect(result.error.details.file).toBe(FILE);
    }
    expect(prototypeIsClean()).toBe(true);
  });

  it.each([
    [
      'deeply nested flow sequences',
      `---\nname: demo\ndescription: d\nx: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n---\n`,
    ],
    [
      'an alias bomb',
      `---\nname: demo\ndescription: d\na: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n---\n`,
    ],
  ])('returns a typed failure for %s', (_label, text) => {
    const result = safeParseSkillFile(text, FILE);
    expect(result.success).toBe(false);
  });
});
