import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../_support/cli.js';
import { readTree } from '../_support/golden-build.js';
import { configText, skillText, tempDir, writeTree } from '../_support/temp.js';

function project(extra: Record<string, string> = {}) {
  return writeTree(tempDir(), {
    'skillpack.config.json': configText({ out: 'dist/pack' }),
    'skills/alpha/skill.md': skillText('name: alpha\ndescription: Alpha.'),
    ...extra,
  });
}

describe('skillpack build', () => {
  it('builds every configured target and says where', async () => {
    const root = project();
    const run = await cli(root, 'build');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toBe(
      'Built demo-pack@0.1.0 into dist/pack: 39 files for claude-code, codex, opencode, gemini-cli, copilot-cli, qwen-code, pi, portable.\n',
    );
    expect(existsSync(join(root, 'dist/pack/skillpack.manifest.json'))).toBe(true);
  });

  it('honours --config, --out and --target (repeated or comma-separated)', async () => {
    const root = writeTree(tempDir(), {
      'conf/pack.json': configText(),
      'conf/skills/alpha/skill.md': skillText('name: alpha\ndescription: Alpha.'),
    });
    const run = await cli(
      root,
      'build',
      '--config',
      'conf/pack.json',
      '-o',
      'elsewhere',
      '--target',
      'codex,portable',
      '-t',
      'codex',
    );
    expect(run.code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(root, 'elsewhere/skillpack.manifest.json'), 'utf8'));
    expect(manifest.targets).toEqual(['codex', 'portable']);
    expect(manifest.sources.map((source: { path: string }) => source.path)).toEqual([
      'pack.json',
      'skills/alpha/skill.md',
    ]);
  });

  it('prints an author mistake with file, line and fix, without a stack, and exits 1', async () => {
    const root = project({
      'skills/alpha/skill.md': skillText('name: alpha\ndescription: Alpha.', 'Hi {{skill.nmae}}\n'),
    });
    const run = await cli(root, 'build');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'skillpack build: skills/alpha/skill.md:5: The variable "skill.nmae" is not defined.\n' +
        '  fix: Correct the name or remove it. Variables are skill.name, skill.description, skill.license, skill.compatibility, skill.metadata, skill.contracts, pack.name, pack.version, pack.description, runtime and form.\n' +
        '  (template_missing_variable)\n',
    );
  });

  it.each([
    [['--nope'], /unknown option --nope\./],
    [['--confg', 'x'], /unknown option --confg\. Did you mean --config\?/],
    [
      ['--target', 'cursor'],
      /--target must be one of claude-code, codex, opencode, gemini-cli, copilot-cli, qwen-code, pi, portable; got "cursor"\./,
    ],
    [['--target', 'codxe'], /got "codxe"\. Did you mean "codex"\?/],
    [['extra'], /unexpected argument "extra"/],
  ])('exits 2 on the usage error %j', async (args, message) => {
    const run = await cli(project(), 'build', ...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain('Usage: skillpack build');
  });

  it('--dry-run lists what would change and writes nothing; --format json says the same as one document', async () => {
    const root = project();
    const dry = await cli(root, 'build', '--dry-run', '--target', 'portable');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(
      /^Dry run: building demo-pack@0\.1\.0 into dist\/pack would write \d+ of \d+ files and remove 0:\n/,
    );
    expect(dry.stdout).toContain('  write   portable/skills/alpha/SKILL.md\n');
    expect(existsSync(join(root, 'dist/pack'))).toBe(false);
    const json = await cli(root, 'build', '--dry-run', '--target', 'portable', '--format', 'json');
    const document = JSON.parse(json.stdout);
    expect(json.stdout).toBe(`${JSON.stringify(document, null, 2)}\n`);
    expect(document).toMatchObject({
      command: 'build',
      ok: true,
      dryRun: true,
      out: 'dist/pack',
      removed: [],
    });
    expect(document.changed).toContain('portable/skills/alpha/SKILL.md');
    expect(existsSync(join(root, 'dist/pack'))).toBe(false);
    expect((await cli(root, 'build', '--target', 'portable')).code).toBe(0);
    const again = JSON.parse(
      (await cli(root, 'build', '--dry-run', '--target', 'portable', '--format', 'json')).stdout,
    );
    expect(again.changed).toEqual([]);
  });

  it('prints a usage error as one JSON document under --format json', async () => {
    const run = await cli(project(), 'build', '--format', 'json', '--confg', 'x');
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toEqual({
      schemaVersion: 1,
      command: 'build',
      ok: false,
      error: {
        name: 'UsageError',
        code: 'unknown_option',
        message: 'unknown option --confg. Did you mean --config?',
        details: { option: '--confg' },
      },
    });
  });

  it('prints help on stdout', async () => {
    const run = await cli(project(), 'build', '--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Usage: skillpack build \[--config FILE\] \[--target T…\] \[--out DIR\] \[--dry-run\] \[--format text\|json\]\n/,
    );
    expect(run.stdout).toContain('  -c, --config FILE  Pack config (default: skillpack.config.json)');
  });
});

describe('the built bin', () => {
  const bin = new URL('../../dist/cli.js', import.meta.url).pathname;

  it('renders from dist/templates exactly what the sources render', async () => {
    const root = project({
      'skills/beta/skill.md': skillText(
        'name: beta\ndescription: Beta.',
        '{{invoke "alpha"}} {{#ifRuntime "codex"}}x{{/ifRuntime}}\n',
      ),
    });
    expect((await cli(root, 'build', '--out', 'from-sources')).code).toBe(0);
    const run = spawnSync(process.execPath, [bin, 'build', '--out', 'from-bin'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(readTree(join(root, 'from-bin'))).toEqual(readTree(join(root, 'from-sources')));
  });

  it('prints an author mistake without a stack and exits 1', () => {
    const root = project({ 'skills/alpha/skill.md': '---js\n{}\n---\n' });
    const run = spawnSync(process.execPath, [bin, 'build'], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^skillpack build: skills\/alpha\/skill\.md:1: JavaScript front matter/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
