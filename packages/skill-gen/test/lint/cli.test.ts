import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoPackFiles, skillpack, tempDir, writePack } from '../install/_support/packs.js';

function skill(root: string, folder: string, frontMatter: string, body = 'Do the thing.\n') {
  mkdirSync(join(root, folder), { recursive: true });
  writeFileSync(join(root, folder, 'SKILL.md'), `---\n${frontMatter}---\n${body}`);
}

describe('skillpack lint', () => {
  it('exits 0 and prints a summary for a clean skill', async () => {
    const root = tempDir('skillpack-lint-');
    skill(root, 'good', 'name: good\ndescription: Does a thing. Use when testing.\n');
    const run = await skillpack(['lint'], { cwd: root });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      '1 skill file checked for claude-code, codex, opencode, gemini-cli, copilot-cli, qwen-code, pi, portable: 0 errors, 0 warnings, 0 info.\n',
    );
  });

  it('exits 1 on an error-severity finding and prints file:line, rule, runtimes, message and fix', async () => {
    const root = tempDir('skillpack-lint-');
    skill(root, 'long', `name: long\ndescription: ${'d'.repeat(1100)}\n`);
    const run = await skillpack(['lint', 'long'], { cwd: root });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('long/SKILL.md:3  error  description-too-long  [codex, portable]\n');
    expect(run.stdout).toContain(
      'long/SKILL.md:3  warning  description-too-long  [claude-code, opencode, gemini-cli, copilot-cli, qwen-code, pi]\n',
    );
    expect(run.stdout).toContain('  fix: Shorten the description');
  });

  it('prints exactly one JSON document with --format json', async () => {
    const root = tempDir('skillpack-lint-');
    skill(root, 'a', 'name: a\ndescription: A.\nfoo: 1\n');
    skill(root, 'b', 'name: b\ndescription: B.\n');
    const run = await skillpack(['lint', '--format', 'json', '--runtime', 'portable'], { cwd: root });
    expect(run.code).toBe(1);
    const document = JSON.parse(run.stdout);
    expect(document.summary).toEqual({ files: 2, error: 1, warning: 0, info: 0 });
    expect(document.files.map((file: { file: string }) => file.file)).toEqual(['a/SKILL.md', 'b/SKILL.md']);
    expect(Object.keys(document.findings[0])).toEqual([
      'rule',
      'severity',
      'runtimes',
      'file',
      'line',
      'message',
      'fix',
    ]);
    expect(document.findings[0]).toMatchObject({
      rule: 'unknown-key',
      severity: 'error',
      runtimes: ['portable'],
      line: 4,
    });
  });

  it('accepts --runtime repeated and comma-separated, in canonical order', async () => {
    const root = tempDir('skillpack-lint-');
    skill(root, 'x', 'name: x\ndescription: X.\n');
    const run = await skillpack(
      ['lint', '--runtime', 'opencode,codex', '--runtime', 'claude-code', '--format', 'json'],
      { cwd: root },
    );
    expect(JSON.parse(run.stdout).runtimes).toEqual(['claude-code', 'codex', 'opencode']);
  });

  it('checks a skill in a discovery folder only for the runtimes that load it', async () => {
    const root = tempDir('skillpack-lint-');
    skill(
      join(root, '.claude/skills'),
      'deploy',
      'name: deploy\ndescription: Deploy.\nargument-hint: "[env]"\n',
    );
    skill(join(root, '.opencode/skills'), 'only-opencode', 'name: only-opencode\ndescription: O.\n');
    skill(join(root, 'node_modules/pkg'), 'ignored', 'name: Bad_Name\n');
    symlinkSync(root, join(root, '.claude/skills/loop'));
    const run = await skillpack(['lint', '--format', 'json'], { cwd: root });
    const document = JSON.parse(run.stdout);
    expect(document.files).toEqual([
      { file: '.claude/skills/deploy/SKILL.md', kind: 'skill', runtimes: ['claude-code', 'opencode'] },
      { file: '.opencode/skills/only-opencode/SKILL.md', kind: 'skill', runtimes: ['opencode'] },
    ]);
    expect(
      document.findings.map((finding: { rule: string; runtimes: string[] }) => [
        finding.rule,
        finding.runtimes,
      ]),
    ).toEqual([['unknown-key', ['opencode']]]);
    const codexOnly = await skillpack(['lint', '--runtime', 'codex'], { cwd: root });
    expect(codexOnly.stdout).toContain(
      '.claude/skills/deploy/SKILL.md: skipped (no requested runtime loads a skill from here)',
    );
  });

  it('treats a lower-case skill.md in a discovery folder as a misnamed SKILL.md, not a source', async () => {
    const root = tempDir('skillpack-lint-');
    mkdirSync(join(root, '.agents/skills/lower'), { recursive: true });
    writeFileSync(
      join(root, '.agents/skills/lower/skill.md'),
      '---\nname: lower\ndescription: L.\n---\nBody\n',
    );
    const run = await skillpack(['lint', '--format', 'json'], { cwd: root });
    const document = JSON.parse(run.stdout);
    expect(document.files).toEqual([
      {
        file: '.agents/skills/lower/skill.md',
        kind: 'skill',
        runtimes: ['codex', 'opencode', 'gemini-cli', 'qwen-code', 'pi'],
      },
    ]);
    expect(document.findings.map((finding: { rule: string }) => finding.rule)).toEqual(['skill-file-name']);
    expect(run.code).toBe(1);
  });

  it('checks each file of a built pack only for its target', async () => {
    const root = tempDir('skillpack-lint-');
    const pack = writePack(
      join(root, 'pack'),
      { name: 'demo-pack', version: '1.0.0' },
      demoPackFiles('1.0.0'),
    );
    const run = await skillpack(['lint', pack, '--format', 'json'], { cwd: root });
    const document = JSON.parse(run.stdout);
    expect(
      document.files.map((file: { file: string; runtimes: string[] }) => [file.file, file.runtimes]),
    ).toEqual([
      ['pack/claude-code/.claude/skills/demo/SKILL.md', ['claude-code']],
      ['pack/claude-code/plugin/skills/demo/SKILL.md', ['claude-code']],
      ['pack/codex/.agents/skills/demo/SKILL.md', ['codex']],
      ['pack/opencode/.opencode/skills/demo/SKILL.md', ['opencode']],
      ['pack/portable/skills/demo/SKILL.md', ['portable']],
    ]);
    expect(run.code).toBe(0);
  });

  it.each([
    [
      ['lint', '--runtime', 'cursor'],
      '--runtime must be one of claude-code, codex, opencode, gemini-cli, copilot-cli, qwen-code, pi, portable; got "cursor".',
    ],
    [['lint', '--format', 'xml'], '--format must be one of text, json; got "xml".'],
    [['lint', '--frobnicate'], 'unknown option --frobnicate.'],
    [['lint', 'missing-folder'], 'Cannot lint "missing-folder": no such file or directory'],
  ] as const)('exits 2 for %j', async (args, message) => {
    const run = await skillpack(args, { cwd: tempDir('skillpack-lint-') });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe('');
  });

  it('exits 2 when no skill file is found', async () => {
    const run = await skillpack(['lint'], { cwd: tempDir('skillpack-lint-') });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no SKILL.md or skill.md found');
  });

  it.skipIf(process.platform === 'win32')(
    'refuses a skill whose folder or name Windows reserves, with an error naming Windows',
    async () => {
      const root = tempDir('skillpack-lint-');
      skill(root, 'aux', 'name: aux\ndescription: Does a thing. Use when testing.\n');
      skill(root, 'good', 'name: com1\ndescription: Does a thing. Use when testing.\n');
      skill(root, 'files', 'name: files\ndescription: Does a thing. Use when testing.\n');
      mkdirSync(join(root, 'files/scripts/nul'), { recursive: true });
      writeFileSync(join(root, 'files/scripts/nul/run.sh'), 'echo\n');
      const run = await skillpack(['lint', '--format', 'json'], { cwd: root });
      expect(run.code).toBe(1);
      const findings = JSON.parse(run.stdout).findings.filter(
        (finding: { rule: string }) => finding.rule === 'file-name-windows-unsafe',
      );
      const byFile = (file: string) => findings.filter((finding: { file: string }) => finding.file === file);
      for (const file of ['aux/SKILL.md', 'good/SKILL.md', 'files/SKILL.md']) {
        expect(byFile(file).length, file).toBeGreaterThan(0);
        for (const finding of byFile(file)) {
          expect(finding.severity).toBe('error');
          expect(finding.message).toContain('Windows');
        }
      }
      expect(byFile('aux/SKILL.md')[0].message).toContain('"AUX"');
      expect(byFile('good/SKILL.md')[0].message).toContain('"COM1"');
      expect(byFile('files/SKILL.md')[0].message).toContain('scripts/nul');
    },
  );
});
