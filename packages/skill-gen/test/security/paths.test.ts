// Skill sources, pack output, installs and lock files: no path or symlink leads out of its root.
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintSkillFile } from '../../src/runtimes/runtime-lint.js';
import { buildPack } from '../../src/runtimes/runtime-pack.js';
import { configText, skillText, writeTree } from '../_support/temp.js';
import {
  demoPackFiles,
  sha256,
  skillpack,
  snapshotTree,
  tempDir,
  writePack,
} from '../install/_support/packs.js';

const SECRET = 'secret: do not copy, do not delete\n';

/** A project with a one-skill pack config, a secret file beside it, and a folder outside it. */
function sourceProject() {
  const work = tempDir('skillpack-h11-paths-');
  const root = join(work, 'project');
  writeTree(root, {
    'skillpack.config.json': configText({ out: 'out', targets: ['claude-code', 'portable'] }),
    'skills/demo/skill.md': skillText(
      'name: demo\ndescription: Demo skill.',
      '# Demo\n\nSee references/guide.md.\n',
    ),
    'skills/demo/references/guide.md': '# Guide\n',
  });
  const secret = join(work, 'secret.md');
  writeFileSync(secret, SECRET);
  const outside = join(work, 'outside');
  mkdirSync(outside);
  writeFileSync(join(outside, 'skill.md'), skillText('name: demo\ndescription: Outside.'));
  return { work, root, secret, outside };
}

async function buildFailure(root: string): Promise<{ code: string; message: string }> {
  const error = await buildPack({ cwd: root }).then(
    () => undefined,
    (caught: unknown) => caught as { code: string; message: string },
  );
  expect(error, 'the build should have been refused').toBeDefined();
  return error!;
}

describe('skill sources: symlinks never pull in files from outside', () => {
  it('a skill.md that is a symlink to a file outside the project', async () => {
    const { root, secret } = sourceProject();
    rmSync(join(root, 'skills/demo/skill.md'));
    writeFileSync(secret, skillText('name: demo\ndescription: Read through a link.', SECRET));
    symlinkSync(secret, join(root, 'skills/demo/skill.md'));
    const error = await buildFailure(root);
    expect(error.code).toBe('source_symlink');
    expect(existsSync(join(root, 'out'))).toBe(false);
  });

  it.each([
    ['a reference file', 'skills/demo/references/guide.md', 'file'],
    ['the references folder', 'skills/demo/references', 'folder'],
    ['a scripts folder', 'skills/demo/scripts', 'folder'],
    ['the skill folder', 'skills/demo', 'folder'],
  ] as const)('%s that is a symlink out of the project', async (_label, path, kind) => {
    const { root, secret, outside } = sourceProject();
    rmSync(join(root, path), { recursive: true, force: true });
    symlinkSync(kind === 'file' ? secret : outside, join(root, path));
    const error = await buildFailure(root);
    expect(['source_symlink', 'skill_folder_not_found', 'skill_source_missing']).toContain(error.code);
    expect(existsSync(join(root, 'out'))).toBe(false);
  });
});

describe('build output: never written or deleted through a symlink', () => {
  it('refuses to write into a pack folder that links out of the pack', async () => {
    const { root, outside } = sourceProject();
    mkdirSync(join(root, 'out'));
    symlinkSync(outside, join(root, 'out/claude-code'));
    const before = snapshotTree(outside);
    const error = await buildFailure(root);
    expect(error.code).toBe('out_escapes');
    // Not even an empty folder may appear outside the pack before the refusal.
    expect(snapshotTree(outside)).toEqual(before);
  });

  it('never deletes a file outside the pack when a removed skill sits behind a link', async () => {
    const { root, outside } = sourceProject();
    await buildPack({ cwd: root });
    const kept = join(root, 'out/claude-code/.claude/skills/demo/SKILL.md');
    const content = readFileSync(kept);
    // The person links the installed skill folder to a folder of theirs holding the same file.
    writeFileSync(join(outside, 'SKILL.md'), content);
    rmSync(join(root, 'out/claude-code/.claude/skills/demo'), { recursive: true });
    symlinkSync(outside, join(root, 'out/claude-code/.claude/skills/demo'));
    // The skill is renamed, so the next build no longer produces skills/demo/SKILL.md.
    rmSync(join(root, 'skills/demo'), { recursive: true });
    writeTree(root, { 'skills/renamed/skill.md': skillText('name: renamed\ndescription: Renamed.') });
    await buildPack({ cwd: root }).catch(() => undefined);
    expect(readFileSync(join(outside, 'SKILL.md'))).toEqual(content);
  });
});

const RESERVED = ['CON', 'nul', 'aux.md', 'COM1.txt', 'LPT9', 'con.tar.gz'] as const;

describe('Windows reserved device names', () => {
  it.each(RESERVED)('lint warns about a skill file named %j', (name) => {
    const findings = lintSkillFile(
      {
        file: 'demo/SKILL.md',
        fileName: 'SKILL.md',
        folderName: 'demo',
        bytes: Buffer.from('---\nname: demo\ndescription: Demo skill.\n---\nBody\n'),
        folderEntries: [{ path: `references/${name}`, type: 'file' }],
      },
      ['claude-code'],
    );
    expect(findings.map((finding) => finding.rule)).toContain('file-name-windows-unsafe');
  });

  it.each(RESERVED)('install never writes %j anywhere but inside the project', async (name) => {
    // On Windows the name is a device: the install must refuse or roll back with a typed error. On POSIX it
    // is an ordinary file name, so installing it inside the project is fine; either way nothing leaves it.
    const work = tempDir();
    const project = join(work, 'project');
    mkdirSync(project);
    const files = {
      ...demoPackFiles('1.0.0'),
      [`claude-code/.claude/skills/demo/references/${name}`]: 'x\n',
    };
    const packDir = writePack(join(work, 'pack'), { name: 'demo-pack', version: '1.0.0' }, files);
    const run = await skillpack(
      [
        'install',
        packDir,
        '--runtime',
        'claude-code',
        '--scope',
        'project',
        '--dir',
        project,
        '--format',
        'json',
      ],
      { cwd: work },
    );
    const document = JSON.parse(run.stdout) as { status: string; error?: { code: string } };
    const installed = join(project, '.claude/skills/demo/references', name);
    if (document.status === 'error') {
      expect(['pack_path_unsafe', 'install_interrupted']).toContain(document.error?.code);
      expect(snapshotTree(project)).toEqual({});
    } else {
      expect(process.platform).not.toBe('win32');
      expect(readFileSync(installed, 'utf8')).toBe('x\n');
    }
    expect(existsSync(join(work, name))).toBe(false);
  });
});

describe('install: a pack folder that links out of the pack', () => {
  it('refuses files reached through a symlinked skill folder', async () => {
    const work = tempDir();
    const project = join(work, 'project');
    mkdirSync(project);
    const packDir = writePack(
      join(work, 'pack'),
      { name: 'demo-pack', version: '1.0.0' },
      demoPackFiles('1.0.0'),
    );
    const skillDir = join(packDir, 'claude-code/.claude/skills/demo');
    const elsewhere = join(work, 'elsewhere');
    // Same files, same hashes, but outside the pack.
    writeTree(elsewhere, {});
    for (const file of ['SKILL.md', 'scripts/run.sh', 'references/guide.md']) {
      mkdirSync(join(elsewhere, file, '..'), { recursive: true });
      writeFileSync(join(elsewhere, file), readFileSync(join(skillDir, file)));
    }
    rmSync(skillDir, { recursive: true });
    symlinkSync(elsewhere, skillDir);
    const run = await skillpack(
      ['install', packDir, '--runtime', 'claude-code', '--scope', 'project', '--dir', project],
      {
        cwd: work,
      },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('outside the pack');
    expect(snapshotTree(project)).toEqual({});
  });
});

function lockWith(path: string, content: string): string {
  return JSON.stringify({
    lockfileVersion: 1,
    installs: [
      {
        pack: { name: 'demo-pack', version: '1.0.0' },
        runtime: 'claude-code',
        scope: 'project',
        files: [{ path, sha256: sha256(content), executable: false }],
      },
    ],
  });
}

describe('uninstall: a lock file never names a file outside the scope root', () => {
  it.each([
    '../secret.md',
    '.claude/../../secret.md',
    '/etc/passwd',
    'C:\\secret.md',
    'C:/secret.md',
    '\\\\server\\share\\secret.md',
    '//server/share/secret.md',
    '.claude/skills/demo/a\u0000.md',
    '~/secret.md',
  ])('%j makes the lock file corrupt, and nothing is deleted', async (path) => {
    const work = tempDir();
    const project = join(work, 'project');
    mkdirSync(project);
    const secret = join(work, 'secret.md');
    writeFileSync(secret, SECRET);
    writeFileSync(join(project, 'skillpack-lock.json'), lockWith(path, SECRET));
    const run = await skillpack(
      ['uninstall', 'demo-pack', '--scope', 'project', '--dir', project, '--format', 'json'],
      {
        cwd: work,
      },
    );
    expect(JSON.parse(run.stdout).error?.code).toBe('lock_file_corrupt');
    expect(readFileSync(secret, 'utf8')).toBe(SECRET);
  });

  it('a locked path behind a symlinked folder is released, not deleted', async () => {
    const work = tempDir();
    const project = join(work, 'project');
    const outside = join(work, 'outside');
    mkdirSync(project);
    mkdirSync(join(outside, 'skills/demo'), { recursive: true });
    writeFileSync(join(outside, 'skills/demo/SKILL.md'), SECRET);
    symlinkSync(outside, join(project, '.claude'));
    writeFileSync(join(project, 'skillpack-lock.json'), lockWith('.claude/skills/demo/SKILL.md', SECRET));
    await skillpack(['uninstall', 'demo-pack', '--scope', 'project', '--dir', project], { cwd: work });
    expect(readFileSync(join(outside, 'skills/demo/SKILL.md'), 'utf8')).toBe(SECRET);
  });
});
