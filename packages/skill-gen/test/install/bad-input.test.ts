import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoPackFiles, sha256, skillpack, snapshotTree, tempDir, writePack } from './_support/packs.js';

function project() {
  const work = tempDir();
  const root = join(work, 'project');
  mkdirSync(root);
  const packDir = writePack(
    join(work, 'pack'),
    { name: 'demo-pack', version: '1.0.0' },
    demoPackFiles('1.0.0'),
  );
  const install = (...extra: string[]) =>
    skillpack(
      ['install', packDir, '--runtime', 'claude-code', '--scope', 'project', '--dir', root, ...extra],
      { cwd: work },
    );
  return { work, root, packDir, install };
}

function rewriteManifest(
  packDir: string,
  edit: (manifest: { files: { path: string; sha256: string }[] }) => void,
) {
  const path = join(packDir, 'skillpack.manifest.json');
  const manifest = JSON.parse(readFileSync(path, 'utf8'));
  edit(manifest);
  writeFileSync(path, JSON.stringify(manifest));
}

describe('install: bad packs', () => {
  it('reports a missing pack directory as a usage/I-O error (exit 2)', async () => {
    const { work, root } = project();
    const run = await skillpack(
      [
        'install',
        join(work, 'nope'),
        '--runtime',
        'codex',
        '--scope',
        'project',
        '--dir',
        root,
        '--format',
        'json',
      ],
      {
        cwd: work,
      },
    );
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: false, error: { code: 'pack_not_found' } });
    expect(run.stderr).toContain('No pack directory');
  });

  it('reports a pack without a manifest (exit 1: the pack is wrong) and touches nothing', async () => {
    const { root, packDir, install } = project();
    rmSync(join(packDir, 'skillpack.manifest.json'));
    const run = await install('--format', 'json');
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).error.code).toBe('pack_manifest_missing');
    expect(snapshotTree(root)).toEqual({});
  });

  it.each([
    ['not JSON', '{"schemaVersion": 1,'],
    ['an array', '[]'],
    ['a wrong schema version', '{"schemaVersion":2}'],
    ['missing files', '{"schemaVersion":1,"pack":{"name":"x","version":"1"}}'],
  ] as const)('reports a manifest that is %s (exit 1: the pack is wrong)', async (_label, text) => {
    const { root, packDir, install } = project();
    writeFileSync(join(packDir, 'skillpack.manifest.json'), text);
    const run = await install('--format', 'json');
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).error.code).toBe('pack_manifest_invalid');
    expect(run.stderr).toContain('skillpack.manifest.json');
    expect(snapshotTree(root)).toEqual({});
  });

  it.each([
    ['../evil.md', 'contains a `..` segment'],
    ['claude-code/.claude/skills/../../../../evil.md', 'contains a `..` segment'],
    ['/etc/evil.md', 'is absolute'],
    ['C:\\evil.md', 'starts with a Windows drive letter'],
    ['C:/evil.md', 'starts with a Windows drive letter'],
    ['\\\\server\\share\\evil.md', 'is a UNC path'],
    ['//server/share/evil.md', 'is a UNC path'],
    ['claude-code/.claude/skills/demo/evil\u0000.md', 'contains a NUL byte'],
    ['claude-code\\.claude\\skills\\demo\\evil.md', 'contains a backslash'],
    ['claude-code/.claude//skills/evil.md', 'contains an empty or `.` segment'],
    ['~/evil.md', 'starts with ~'],
  ] as const)('refuses a pack listing %j (%s), exit 1, nothing written', async (path, reason) => {
    const { root, packDir, install } = project();
    rewriteManifest(packDir, (manifest) => manifest.files.push({ path, sha256: sha256('x') }));
    const run = await install('--format', 'json');
    expect(run.code).toBe(1);
    const document = JSON.parse(run.stdout);
    expect(document.error.code).toBe('pack_path_unsafe');
    expect(document.error.details.paths).toEqual([{ path, reason }]);
    expect(snapshotTree(root)).toEqual({});
  });

  it('refuses a tampered or half-written pack file (exit 1) and names it', async () => {
    const { root, packDir, install } = project();
    const skill = join(packDir, 'claude-code/.claude/skills/demo/SKILL.md');
    writeFileSync(skill, readFileSync(skill, 'utf8').slice(0, 10));
    rmSync(join(packDir, 'claude-code/.claude/skills/demo/references/guide.md'));
    const run = await install();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('claude-code/.claude/skills/demo/SKILL.md (sha256 differs)');
    expect(run.stderr).toContain('claude-code/.claude/skills/demo/references/guide.md (missing)');
    expect(snapshotTree(root)).toEqual({});
  });

  it('refuses a pack file that is a symlink to a file outside the pack', async () => {
    const { work, root, packDir, install } = project();
    const secret = join(work, 'secret.txt');
    writeFileSync(secret, 'secret\n');
    const link = join(packDir, 'claude-code/.claude/skills/demo/references/guide.md');
    rmSync(link);
    symlinkSync(secret, link);
    rewriteManifest(packDir, (manifest) => {
      for (const file of manifest.files)
        if (file.path.endsWith('claude-code/.claude/skills/demo/references/guide.md'))
          file.sha256 = sha256('secret\n');
    });
    const run = await install();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('references/guide.md (not a regular file)');
    expect(snapshotTree(root)).toEqual({});
  });

  it('reports a runtime the pack was not built for (exit 1: the pack is wrong)', async () => {
    const work = tempDir();
    mkdirSync(join(work, 'project'));
    const only = Object.fromEntries(
      Object.entries(demoPackFiles('1.0.0')).filter(([path]) => path.startsWith('claude-code/')),
    );
    const packDir = writePack(join(work, 'pack'), { name: 'demo-pack', version: '1.0.0' }, only);
    const run = await skillpack(
      ['install', packDir, '--runtime', 'codex', '--scope', 'project', '--dir', join(work, 'project')],
      {
        cwd: work,
      },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('has no skills for codex (it was built for: claude-code)');
  });
});

describe('install: hostile targets', () => {
  it('never follows a symlinked folder out of the project', async () => {
    const { work, root, install } = project();
    const outside = join(work, 'outside');
    mkdirSync(outside);
    symlinkSync(outside, join(root, '.claude'));
    const run = await install('--force');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/CONFLICT +\.claude\/skills\/demo\/SKILL\.md +\(a parent folder resolves to /);
    expect(run.stdout).not.toContain('Use --force');
    expect(snapshotTree(outside)).toEqual({});
  });

  it('never writes through a symlink at the target path, even with --force', async () => {
    const { work, root, install } = project();
    const victim = join(work, 'victim.txt');
    writeFileSync(victim, 'do not touch\n');
    mkdirSync(join(root, '.claude/skills/demo'), { recursive: true });
    symlinkSync(victim, join(root, '.claude/skills/demo/SKILL.md'));
    const run = await install('--force');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /CONFLICT +\.claude\/skills\/demo\/SKILL\.md +\(a symbolic link is in the way/,
    );
    expect(readFileSync(victim, 'utf8')).toBe('do not touch\n');
  });

  it('refuses when a folder sits where a file goes', async () => {
    const { root, install } = project();
    mkdirSync(join(root, '.claude/skills/demo/SKILL.md'), { recursive: true });
    const run = await install('--force');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/CONFLICT +\.claude\/skills\/demo\/SKILL\.md +\(a folder is in the way\)/);
  });

  it('prints one JSON document for a refusal', async () => {
    const { root, install } = project();
    mkdirSync(join(root, '.claude/skills/demo'), { recursive: true });
    writeFileSync(join(root, '.claude/skills/demo/SKILL.md'), 'mine\n');
    const run = await install('--format', 'json');
    expect(run.code).toBe(1);
    const document = JSON.parse(run.stdout);
    expect(document).toMatchObject({
      command: 'install',
      status: 'refused',
      summary: { conflict: 1, write: 3 }, // two skill files and the pack manifest install keeps
    });
    expect(document.actions).toContainEqual({
      type: 'conflict',
      path: '.claude/skills/demo/SKILL.md',
      reason: 'foreign',
      description: 'a file skillpack did not install is in the way',
    });
  });
});

describe('lock file problems', () => {
  it.each(['install', 'uninstall', 'list'] as const)(
    '%s reports a corrupt lock file by name and never overwrites it (exit 1)',
    async (command) => {
      const { work, root, packDir } = project();
      const lockFile = join(root, 'skillpack-lock.json');
      writeFileSync(lockFile, '{"lockfileVersion": 1, "installs": [');
      const args = {
        install: ['install', packDir, '--runtime', 'claude-code', '--scope', 'project', '--dir', root],
        uninstall: ['uninstall', 'demo-pack', '--scope', 'project', '--dir', root],
        list: ['list', '--scope', 'project', '--dir', root],
      }[command];
      const run = await skillpack([...args, '--format', 'json'], { cwd: work });
      expect(run.code).toBe(1);
      const document = JSON.parse(run.stdout);
      expect(document.error.code).toBe('lock_file_corrupt');
      expect(document.error.details.file).toBe(lockFile);
      expect(run.stderr).toContain(lockFile);
      expect(readFileSync(lockFile, 'utf8')).toBe('{"lockfileVersion": 1, "installs": [');
      expect(Object.keys(snapshotTree(root))).toEqual(['skillpack-lock.json']);
    },
  );

  it('uninstall of a pack that is not installed is a refusal (exit 1)', async () => {
    const { work, root } = project();
    const run = await skillpack(['uninstall', 'demo-pack', '--scope', 'project', '--dir', root], {
      cwd: work,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('demo-pack is not installed in the project scope');
  });
});

describe('usage errors exit 2 with usage on stderr', () => {
  it.each([
    [['install']],
    [['install', 'pack', '--scope', 'project']],
    [['install', 'pack', '--runtime', 'codex']],
    [['install', 'pack', '--runtime', 'portable', '--scope', 'project']],
    [['install', 'pack', '--runtime', 'codex', '--scope', 'global']],
    [['install', 'pack', '--runtime', 'codex', '--scope', 'project', '--frobnicate']],
    [['install', 'a', 'b', '--runtime', 'codex', '--scope', 'project']],
    [['install', 'pack', '--runtime', 'codex', '--scope', 'project', '--format', 'yaml']],
    [['uninstall', '--scope', 'project']],
    [['uninstall', 'x']],
    [['list', 'extra']],
    [['list', '--runtime', 'cursor']],
  ] as const)('%j', async (args) => {
    const run = await skillpack(args, { cwd: tempDir() });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Usage: skillpack');
  });

  it('reports a project directory that does not exist (exit 2)', async () => {
    const { work, packDir } = project();
    const run = await skillpack(
      ['install', packDir, '--runtime', 'codex', '--scope', 'project', '--dir', join(work, 'nope')],
      {
        cwd: work,
      },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('does not exist');
  });
});
