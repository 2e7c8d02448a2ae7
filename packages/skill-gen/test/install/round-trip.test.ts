import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  demoPackFiles,
  type PackFiles,
  sha256,
  skillpack,
  snapshotTree,
  tempDir,
  writePack,
} from './_support/packs.js';

/** Where each runtime's skill form lands, written out by hand from layout.md (not from the code under test). */
const TARGETS = {
  'claude-code': {
    project: { base: '.claude/skills/demo/', extra: [] as string[] },
    user: { base: '.claude/skills/demo/', extra: [] as string[] },
    packBase: 'claude-code/.claude/skills/demo/',
  },
  codex: {
    project: { base: '.agents/skills/demo/', extra: [] as string[] },
    user: { base: '.agents/skills/demo/', extra: [] as string[] },
    packBase: 'codex/.agents/skills/demo/',
  },
  opencode: {
    project: {
      base: '.opencode/skills/demo/',
      extra: ['.opencode/plugins/demo-pack.js', '.opencode/plugins/demo-pack.json'],
    },
    user: {
      base: '.config/opencode/skills/demo/',
      extra: ['.config/opencode/plugins/demo-pack.js', '.config/opencode/plugins/demo-pack.json'],
    },
    packBase: 'opencode/.opencode/skills/demo/',
  },
} as const;

const COMBOS = (['claude-code', 'codex', 'opencode'] as const).flatMap((runtime) =>
  (['project', 'user'] as const).map((scope) => ({ runtime, scope })),
);

// Codex installs a pack with a plugin as the plugin in the user scope; these round trips are of the skill form.
const formArgs = (runtime: string) => (runtime === 'codex' ? ['--codex-form', 'skills'] : []);

function setup(scope: 'project' | 'user') {
  const work = tempDir();
  const root = join(work, scope === 'project' ? 'project' : 'home');
  mkdirSync(root);
  const packDir = join(work, 'pack');
  const lockFile =
    scope === 'project' ? join(root, 'skillpack-lock.json') : join(root, '.skillpack', 'skillpack-lock.json');
  const scopeArgs =
    scope === 'project' ? ['--scope', 'project', '--dir', root] : ['--scope', 'user', '--home', root];
  return { work, root, packDir, lockFile, scopeArgs };
}

function skillFiles(runtime: keyof typeof TARGETS, files: PackFiles) {
  const packBase = TARGETS[runtime].packBase;
  return Object.keys(files)
    .filter((path) => path.startsWith(packBase))
    .map((path) => path.slice(packBase.length));
}

describe.each(COMBOS)('install round trip: $runtime, $scope scope', ({ runtime, scope }) => {
  const target = TARGETS[runtime][scope];

  it('installs, re-installs as a no-op, upgrades, keeps an edited file, and uninstalls cleanly', async () => {
    const { work, root, packDir, lockFile, scopeArgs } = setup(scope);
    const v1 = demoPackFiles('1.0.0');
    writePack(packDir, { name: 'demo-pack', version: '1.0.0' }, v1);
    const expectedPaths = [
      ...skillFiles(runtime, v1).map((path) => target.base + path),
      ...target.extra,
      // The pack's manifest, kept as the install's record (install-record.ts).
      `.skillpack/manifests/${runtime}/demo-pack.json`,
    ].sort();

    const first = await skillpack(
      ['install', packDir, '--runtime', runtime, ...formArgs(runtime), ...scopeArgs],
      { cwd: work },
    );
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const tree = snapshotTree(root);
    const installedFiles = Object.keys(tree).filter(
      (path) => tree[path]!.kind === 'file' && !path.includes('skillpack-lock'),
    );
    expect(installedFiles.sort()).toEqual(expectedPaths);
    expect(readFileSync(join(root, target.base, 'SKILL.md'), 'utf8')).toBe(
      v1[`${TARGETS[runtime].packBase}SKILL.md`] as string,
    );
    expect(statSync(join(root, target.base, 'scripts/run.sh')).mode & 0o777).toBe(0o755);
    expect(statSync(join(root, target.base, 'SKILL.md')).mode & 0o777).toBe(0o644);
    const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
    expect(lock.lockfileVersion).toBe(1);
    expect(lock.installs).toHaveLength(1);
    expect(lock.installs[0].pack).toEqual({ name: 'demo-pack', version: '1.0.0' });
    expect(lock.installs[0]).toMatchObject({ runtime, scope });
    expect(lock.installs[0].files.map((file: { path: string }) => file.path)).toEqual(expectedPaths);
    for (const file of lock.installs[0].files)
      expect(file.sha256).toBe(sha256(readFileSync(join(root, file.path))));
    expect(readFileSync(lockFile, 'utf8')).not.toMatch(/\d{4}-\d\d-\d\dT/);

    const again = await skillpack(
      ['install', packDir, '--runtime', runtime, ...formArgs(runtime), ...scopeArgs],
      { cwd: work },
    );
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Nothing to do');
    expect(snapshotTree(root)).toEqual(tree);

    const v2 = demoPackFiles('2.0.0', { extraReference: true });
    for (const path of Object.keys(v2)) if (path.endsWith('references/guide.md')) delete v2[path];
    writePack(packDir, { name: 'demo-pack', version: '2.0.0' }, v2);
    const upgrade = await skillpack(
      ['install', packDir, '--runtime', runtime, ...formArgs(runtime), ...scopeArgs],
      { cwd: work },
    );
    expect(upgrade.code).toBe(0);
    expect(upgrade.stdout).toMatch(new RegExp(`replace +${target.base}SKILL\\.md`));
    expect(upgrade.stdout).toMatch(new RegExp(`delete +${target.base}references/guide\\.md`));
    expect(upgrade.stdout).toMatch(new RegExp(`write +${target.base}references/extra\\.md`));
    expect(readFileSync(join(root, target.base, 'SKILL.md'), 'utf8')).toContain('version 2.0.0');
    expect(readFileSync(join(root, target.base, 'scripts/run.sh'), 'utf8')).toContain('demo 2.0.0');
    expect(existsSync(join(root, target.base, 'references/guide.md'))).toBe(false);
    expect(readFileSync(join(root, target.base, 'references/extra.md'), 'utf8')).toBe('# Extra 2.0.0\n');
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).installs[0].pack.version).toBe('2.0.0');

    const edited = join(root, target.base, 'SKILL.md');
    writeFileSync(edited, `${readFileSync(edited, 'utf8')}\nMy own notes.\n`);
    writePack(packDir, { name: 'demo-pack', version: '3.0.0' }, demoPackFiles('3.0.0'));
    const beforeRefusal = snapshotTree(root);
    const refused = await skillpack(
      ['install', packDir, '--runtime', runtime, ...formArgs(runtime), ...scopeArgs],
      { cwd: work },
    );
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(
      new RegExp(`CONFLICT +${target.base}SKILL\\.md +\\(changed since skillpack installed it\\)`),
    );
    expect(refused.stdout).toContain('Nothing was changed');
    expect(snapshotTree(root)).toEqual(beforeRefusal);

    const removed = await skillpack(['uninstall', 'demo-pack', ...scopeArgs], { cwd: work });
    expect(removed.code).toBe(0);
    expect(removed.stdout).toMatch(
      new RegExp(`keep +${target.base}SKILL\\.md +\\(changed since it was installed`),
    );
    const left = snapshotTree(root);
    const leftFiles = Object.keys(left).filter((path) => left[path]!.kind === 'file');
    expect(leftFiles).toEqual([`${target.base}SKILL.md`]);
    expect(left[`${target.base}SKILL.md`]!.content).toContain('My own notes.');
    expect(existsSync(lockFile)).toBe(false);
    expect(existsSync(join(root, target.base, 'scripts'))).toBe(false);
    for (const extra of target.extra) expect(existsSync(join(root, extra, '..'))).toBe(false);
    if (scope === 'user') expect(existsSync(join(root, '.skillpack'))).toBe(false);
  });

  it('refuses a foreign file in the way, names it, and overwrites it only with --force', async () => {
    const { work, root, packDir, lockFile, scopeArgs } = setup(scope);
    writePack(packDir, { name: 'demo-pack', version: '1.0.0' }, demoPackFiles('1.0.0'));
    mkdirSync(join(root, target.base), { recursive: true });
    writeFileSync(join(root, target.base, 'SKILL.md'), 'A skill someone wrote by hand.\n');
    const before = snapshotTree(root);

    const refused = await skillpack(
      ['install', packDir, '--runtime', runtime, ...formArgs(runtime), ...scopeArgs],
      { cwd: work },
    );
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(
      new RegExp(`CONFLICT +${target.base}SKILL\\.md +\\(a file skillpack did not install`),
    );
    expect(refused.stdout).toContain('--force');
    expect(snapshotTree(root)).toEqual(before);

    const dryRun = await skillpack(
      ['install', packDir, '--runtime', runtime, ...formArgs(runtime), '--force', '--dry-run', ...scopeArgs],
      {
        cwd: work,
      },
    );
    expect(dryRun.code).toBe(0);
    expect(dryRun.stdout).toContain('Dry run: nothing was changed.');
    expect(snapshotTree(root)).toEqual(before);

    const forced = await skillpack(
      ['install', packDir, '--runtime', runtime, ...formArgs(runtime), '--force', ...scopeArgs],
      {
        cwd: work,
      },
    );
    expect(forced.code).toBe(0);
    expect(forced.stdout).toMatch(/overwritten \(--force\)/);
    expect(readFileSync(join(root, target.base, 'SKILL.md'), 'utf8')).toContain('Demo skill');
    expect(existsSync(lockFile)).toBe(true);
  });
});

describe('install scopes and homes', () => {
  it('installs into SKILLPACK_HOME for the user scope when --home is not given', async () => {
    const work = tempDir();
    const home = join(work, 'home');
    mkdirSync(home);
    const packDir = writePack(
      join(work, 'pack'),
      { name: 'demo-pack', version: '1.0.0' },
      demoPackFiles('1.0.0'),
    );
    const run = await skillpack(
      ['install', packDir, '--runtime', 'codex', '--codex-form', 'skills', '--scope', 'user'],
      {
        cwd: work,
        env: { SKILLPACK_HOME: home },
      },
    );
    expect(run.code).toBe(0);
    expect(existsSync(join(home, '.agents/skills/demo/SKILL.md'))).toBe(true);
    expect(existsSync(join(home, '.skillpack/skillpack-lock.json'))).toBe(true);
  });

  it('keeps installs of two runtimes in one project apart and lists both', async () => {
    const work = tempDir();
    const project = join(work, 'project');
    mkdirSync(project);
    const packDir = writePack(
      join(work, 'pack'),
      { name: 'demo-pack', version: '1.0.0' },
      demoPackFiles('1.0.0'),
    );
    for (const runtime of ['claude-code', 'opencode']) {
      const run = await skillpack(
        ['install', packDir, '--runtime', runtime, '--scope', 'project', '--dir', project],
        {
          cwd: work,
        },
      );
      expect(run.code).toBe(0);
    }
    writeFileSync(join(project, '.opencode/skills/demo/SKILL.md'), 'changed\n');
    const listed = await skillpack(['list', '--scope', 'project', '--dir', project, '--format', 'json'], {
      cwd: work,
    });
    expect(listed.code).toBe(0);
    const document = JSON.parse(listed.stdout);
    expect(document.scopes).toHaveLength(1);
    const packs = document.scopes[0].packs;
    expect(packs.map((pack: { runtime: string }) => pack.runtime)).toEqual(['claude-code', 'opencode']);
    // Each install's files and the pack manifest it keeps (install-record.ts).
    expect(packs[0]).toMatchObject({ files: 4, unchanged: 4, modified: [], missing: [] });
    expect(packs[1]).toMatchObject({ files: 6, unchanged: 5, modified: ['.opencode/skills/demo/SKILL.md'] });

    const beforeDryRun = snapshotTree(project);
    const dryRun = await skillpack(
      ['uninstall', 'demo-pack', '--scope', 'project', '--dir', project, '--dry-run', '--format', 'json'],
      { cwd: work },
    );
    expect(dryRun.code).toBe(0);
    expect(JSON.parse(dryRun.stdout)).toMatchObject({
      command: 'uninstall',
      status: 'planned',
      runtimes: ['claude-code', 'opencode'],
    });
    expect(snapshotTree(project)).toEqual(beforeDryRun);

    const removed = await skillpack(
      ['uninstall', 'demo-pack', '--runtime', 'claude-code', '--scope', 'project', '--dir', project],
      {
        cwd: work,
      },
    );
    expect(removed.code).toBe(0);
    expect(existsSync(join(project, '.claude'))).toBe(false);
    expect(existsSync(join(project, '.opencode/skills/demo/scripts/run.sh'))).toBe(true);
    const text = await skillpack(['list', '--dir', project, '--home', join(work, 'no-home')], { cwd: work });
    expect(text.stdout).toMatch(/opencode +demo-pack@1\.0\.0 +6 file\(s\) \(5 as installed, 1 changed\)/);
    expect(text.stdout).toMatch(/user scope: .*\n {2}\(nothing installed\)/);
  });
});
