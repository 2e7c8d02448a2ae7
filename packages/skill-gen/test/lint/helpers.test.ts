import { describe, expect, it } from 'vitest';
import { findFileReferences, resolveInsideFolder } from '../../src/lint/file-references.js';
import { codePointLength } from '../../src/lint/front-matter-view.js';
import { lintFacts } from '../../src/lint/lint-facts.js';
import { findXmlTag } from '../../src/lint/rules/description.js';
import { windowsNameProblem } from '../../src/lint/rules/file-names.js';
import { runtimesFromDiscoveryPath, runtimesFromPackPath } from '../../src/lint/runtime-scope.js';
import { perRuntime } from '../../src/runtimes/registry.js';

describe('findXmlTag', () => {
  it.each([
    ['Answers inside <result> tags.', '<result>'],
    ['Closes with </done>.', '</done>'],
    ['a < b and c > d', undefined],
    ['<3 emoji and > later', undefined],
    ['<a\nb>', undefined],
    ['<<<<tag>', '<tag>'],
    ['<a'.repeat(1_000_000), undefined],
  ] as const)('%j -> %j', (text, expected) => {
    expect(findXmlTag(text)).toBe(expected);
  });
});

describe('windowsNameProblem', () => {
  it.each([
    ['guide.md', undefined],
    ['aux.py', 'uses the reserved device name "AUX"'],
    ['COM1', 'uses the reserved device name "COM1"'],
    ['notes.', 'ends with a dot or a space'],
    ['notes ', 'ends with a dot or a space'],
    ['what?.md', 'contains "?"'],
    ['a:b', 'contains ":"'],
    ['tab\there', 'contains a control character'],
    ['console.log', undefined],
  ] as const)('%j -> %j', (name, expected) => {
    expect(windowsNameProblem(name)).toBe(expected);
  });
});

describe('runtimes implied by a skill folder location', () => {
  it.each([
    [
      ['', 'p', '.claude', 'skills', 'x'],
      ['claude-code', 'opencode'],
    ],
    [
      ['', 'p', '.agents', 'skills', 'x'],
      ['codex', 'opencode', 'gemini-cli', 'qwen-code', 'pi'],
    ],
    [['', 'p', '.gemini', 'skills', 'x'], ['gemini-cli']],
    [['', 'p', '.qwen', 'skills', 'x'], ['qwen-code']],
    [['', 'p', '.opencode', 'skills', 'x'], ['opencode']],
    [['', 'p', '.opencode', 'skill', 'x'], ['opencode']],
    [['', 'home', '.config', 'opencode', 'skills', 'x'], ['opencode']],
    [['', 'home', '.codex', 'skills', 'x'], ['codex']],
    [['', 'p', '.claude', 'skills', 'x', 'nested'], undefined],
    [['', 'p', 'skills', 'x'], undefined],
    [['', 'p', 'opencode', 'skills', 'x'], undefined],
  ] as const)('%j -> %j', (segments, expected) => {
    expect(
      runtimesFromDiscoveryPath(
        segments,
        perRuntime((runtime) => runtime.lint),
      ),
    ).toEqual(expected);
  });

  it.each([
    ['codex/.agents/skills/x', ['codex']],
    ['portable/skills/x', ['portable']],
    ['claude-code/plugin/skills/x', ['claude-code']],
    ['other/skills/x', undefined],
  ] as const)('pack path %j -> %j', (path, expected) => {
    expect(runtimesFromPackPath(path)).toEqual(expected);
  });
});

describe('findFileReferences', () => {
  it('finds link, image and conventional code-span targets, skipping URLs, anchors, templates and fences', () => {
    const lines = [
      'See [guide](references/guide.md#part) and ![logo](<assets/my logo.png>).',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Claude Code's literal placeholder.
      'Run `scripts/run.sh` or `${CLAUDE_SKILL_DIR}/scripts/other.py`, not `npm test`.',
      '[web](https://example.com) [top](#top) [mail](mailto:a@b.c) [tpl]({{ref}}) [abs](/etc/x) [home](~/x)',
      '```',
      '[inside](references/inside-fence.md)',
      '```',
      '[escaped](references/a%20b.md "Title") [up](../x.md)',
    ];
    const { skillFolderPrefixes } = lintFacts(perRuntime((runtime) => runtime.lint));
    expect(findFileReferences(lines, 10, skillFolderPrefixes)).toEqual([
      { target: 'references/guide.md', line: 10 },
      { target: 'assets/my logo.png', line: 10 },
      { target: 'scripts/run.sh', line: 11 },
      { target: 'scripts/other.py', line: 11 },
      { target: 'references/a b.md', line: 16 },
      { target: '../x.md', line: 16 },
    ]);
  });

  // Its time, as a ratio of sizes, is measured in bench/pathological-inputs.bench.mjs.
  it('scans pathological lines without finding a reference', () => {
    expect(
      findFileReferences(['](x'.repeat(300_000), '`'.repeat(600_000), '[a]('.repeat(300_000)], 1),
    ).toEqual([]);
  });
});

describe('resolveInsideFolder', () => {
  it.each([
    ['references/a.md', 'references/a.md'],
    ['./references/../scripts/x.sh', 'scripts/x.sh'],
    ['../outside.md', undefined],
    ['references/../../outside.md', undefined],
    ['.', ''],
  ] as const)('%j -> %j', (path, expected) => {
    expect(resolveInsideFolder(path)).toBe(expected);
  });
});

describe('codePointLength', () => {
  it.each([
    ['abc', 3],
    ['é', 1],
    ['😀😀', 2],
    ['\uD800', 1],
  ] as const)('%j has %i code points', (text, expected) => {
    expect(codePointLength(text)).toBe(expected);
  });
});
