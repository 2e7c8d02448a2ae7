import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../_support/cli.js';
import { configText, tempDir as genTempDir, skillText, writeTree } from '../_support/temp.js';
import { worldReadableCli } from '../_support/world-readable-cli.js';
import { demoPackFiles, skillpack, snapshotTree, tempDir, writePack } from '../install/_support/packs.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const mkfifo = (path: string) => expect(spawnSync('mkfifo', [path]).status).toBe(0);

function project() {
  const work = tempDir('skillpack-special-');
  const root = join(work, 'project');
  mkdirSync(root);
  const packDir = writePack(
    join(work, 'pack'),
    { name: 'demo-pack', version: '1.0.0' },
    demoPackFiles('1.0.0'),
  );
  return { work, root, packDir };
}

const commands = (packDir: string, root: string) =>
  ({
    install: ['install', packDir, '--runtime', 'codex', '--scope', 'project', '--dir', root],
    uninstall: ['uninstall', 'demo-pack', '--scope', 'project', '--dir', root],
    list: ['list', '--scope', 'project', '--dir', root],
  }) as const;

describe('FIFOs never hang a command', () => {
  it.each(['install', 'uninstall', 'list'] as const)(
    '%s refuses a FIFO lock file with one JSON error document (exit 2)',
    async (command) => {
      const { work, root, packDir } = project();
      mkfifo(join(root, 'skillpack-lock.json'));
      const run = await skillpack([...commands(packDir, root)[command], '--format', 'json'], { cwd: work });
      expect(run.code).toBe(2);
      const document = JSON.parse(run.stdout);
      expect(document).toMatchObject({ ok: false, error: { code: 'lock_file_unreadable' } });
      expect(document.error.message).toContain(join(root, 'skillpack-lock.json'));
      expect(document.error.message).toContain('a FIFO');
      expect(run.stderr).not.toMatch(/\n\s+at /);
    },
    20_000,
  );

  it('install refuses a pack whose manifest is a FIFO (exit 2)', async () => {
    const { work, root, packDir } = project();
    rmSync(join(packDir, 'skillpack.manifest.json'));
    mkfifo(join(packDir, 'skillpack.manifest.json'));
    const run = await skillpack([...commands(packDir, root).install, '--format', 'json'], { cwd: work });
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout).error).toMatchObject({
      code: 'pack_manifest_unreadable',
      details: { reason: 'file_not_regular' },
    });
    expect(snapshotTree(root)).toEqual({});
  });

  it('install refuses a pack file that is a FIFO (exit 1)', async () => {
    const { work, root, packDir } = project();
    const file = join(packDir, 'codex/.agents/skills/demo/SKILL.md');
    rmSync(file);
    mkfifo(file);
    const run = await skillpack(commands(packDir, root).install, { cwd: work });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('codex/.agents/skills/demo/SKILL.md (not a regular file)');
  });

  const sources = () =>
    writeTree(genTempDir(), {
      'skillpack.config.json': configText({ out: 'dist/pack' }),
      'skills/alpha/skill.md': skillText('name: alpha\ndescription: Alpha.'),
    });

  it('build refuses a FIFO as the previous manifest', async () => {
    const root = sources();
    mkdirSync(join(root, 'dist/pack'), { recursive: true });
    mkfifo(join(root, 'dist/pack/skillpack.manifest.json'));
    const run = await cli(root, 'build');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('skillpack.manifest.json is a FIFO');
    expect(run.stderr).toContain('(manifest_unreadable)');
  });

  it('build refuses a FIFO where an output file goes', async () => {
    const root = sources();
    mkdirSync(join(root, 'dist/pack/portable/skills/alpha'), { recursive: true });
    mkfifo(join(root, 'dist/pack/portable/skills/alpha/SKILL.md'));
    const run = await cli(root, 'build');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('(output_not_regular)');
  });

  it('check reports a FIFO manifest as drift', async () => {
    const root = sources();
    expect((await cli(root, 'build')).code).toBe(0);
    rmSync(join(root, 'dist/pack/skillpack.manifest.json'));
    mkfifo(join(root, 'dist/pack/skillpack.manifest.json'));
    const run = await cli(root, 'check');
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain('is a FIFO');
  });

  it('build refuses a FIFO and a too-large file among the assets, naming each', async () => {
    const fifo = sources();
    mkdirSync(join(fifo, 'skills/alpha/assets'));
    mkfifo(join(fifo, 'skills/alpha/assets/pipe'));
    const piped = await cli(fifo, 'build');
    expect(piped.code).toBe(1);
    expect(piped.stderr).toContain('skills/alpha/assets/pipe');
    expect(piped.stderr).toContain('(source_not_regular)');

    const large = sources();
    mkdirSync(join(large, 'skills/alpha/assets'));
    expect(spawnSync('truncate', ['-s', '3G', join(large, 'skills/alpha/assets/huge.bin')]).status).toBe(0);
    const run = await cli(large, 'build');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('skills/alpha/assets/huge.bin');
    expect(run.stderr).toContain('3221225472 bytes');
    expect(run.stderr).not.toContain('ERR_FS_FILE_TOO_LARGE');
  });
});

describe('lint reports links and special files, never their content', () => {
  it('reports a symlinked SKILL.md without reading its target', async () => {
    const root = tempDir('skillpack-lint-link-');
    mkdirSync(join(root, '.claude/skills/leak'), { recursive: true });
    writeFileSync(join(root, 'secret.txt'), 'CI_TOKEN=hunter2\n');
    spawnSync('ln', ['-s', join(root, 'secret.txt'), join(root, '.claude/skills/leak/SKILL.md')]);
    for (const format of ['text', 'json']) {
      const run = await skillpack(['lint', '--format', format], { cwd: root });
      expect(run.code).toBe(1);
      expect(run.stdout + run.stderr).not.toContain('hunter2');
      expect(run.stdout).toContain('.claude/skills/leak/SKILL.md');
      expect(run.stdout).toContain('symlink');
    }
  });

  it('reports a FIFO SKILL.md instead of hanging', async () => {
    const root = tempDir('skillpack-lint-fifo-');
    mkdirSync(join(root, 'skills/pipe'), { recursive: true });
    mkfifo(join(root, 'skills/pipe/SKILL.md'));
    const run = await skillpack(['lint', '--format', 'json'], { cwd: root });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).findings).toContainEqual(
      expect.objectContaining({ rule: 'not-a-regular-file', file: 'skills/pipe/SKILL.md' }),
    );
  });

  it('reports the folders past the search depth instead of skipping them silently', async () => {
    const root = tempDir('skillpack-lint-deep-');
    const deep = join(root, ...Array.from({ length: 14 }, (_, i) => `d${i}`), 'skill');
    mkdirSync(deep, { recursive: true });
    writeFileSync(join(deep, 'SKILL.md'), '---\nname: skill\ndescription: Deep.\n---\nBody\n');
    const run = await skillpack(['lint', '--format', 'json'], { cwd: root });
    expect(JSON.parse(run.stdout).findings).toContainEqual(expect.objectContaining({ rule: 'search-depth' }));
  });
});

describe.runIf(process.getuid?.() === 0 && existsSync(CLI))('permission denied is a documented error', () => {
  // Not the clone's own dist/cli.js: `nobody` may not be able to reach the clone (under a 0700 folder).
  let copy = '';
  beforeAll(async () => {
    copy = await worldReadableCli();
  }, 60_000);

  /** Run the built CLI as `nobody`, so the root-owned files of the test are out of its reach. */
  const asNobody = (args: readonly string[]) =>
    spawnSync(
      'setpriv',
      ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, copy, ...args],
      {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, SKILLPACK_HOME: '/nonexistent/skillpack-test-home' },
      },
    );

  it.each(['install', 'uninstall', 'list'] as const)(
    '%s: exit 2, typed code, file named, no stack, one JSON document',
    (command) => {
      const { work, root, packDir } = project();
      for (const dir of [work, root, packDir]) chmodSync(dir, 0o755);
      spawnSync('chmod', ['-R', 'a+rX', packDir]);
      writeFileSync(join(root, 'skillpack-lock.json'), '{"lockfileVersion":1,"installs":[]}\n', {
        mode: 0o600,
      });
      const run = asNobody([...commands(packDir, root)[command], '--format', 'json']);
      expect(run.status, run.stderr).toBe(2);
      const document = JSON.parse(run.stdout);
      expect(document.ok).toBe(false);
      expect(['lock_file_unreadable', 'permission_denied']).toContain(document.error.code);
      expect(document.error.message).toContain(root);
      expect(run.stderr).not.toMatch(/unexpected failure|\n\s+at /);
    },
  );
});
