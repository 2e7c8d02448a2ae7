// A hand-edited lock deletes nothing that is not the pack's own: an entry's skills and files are held to the
// pack manifest its install kept, its hook groups to its hook program, its CLI-installed plugin to the name in
// the plugin it staged. A claim beyond that is `lock_file_corrupt`, before anything is removed. Over every
// declared runtime and both scopes.
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RuntimeId } from '@skillpack/adapters';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entryDigest } from '../../src/install/hook-config.js';
import type { InstallScope } from '../../src/install/layout.js';
import { SKILL_GEN_RUNTIME_LIST, skillGenRuntime } from '../../src/runtimes/registry.js';
import { installPack, uninstallPack } from '../../src/runtimes/runtime-install.js';
import { runs } from '../properties/_support/core-support.js';
import { sha256, snapshotTree, tempDir, writePack } from './_support/packs.js';
import {
  RUNTIME_SCOPES,
  runtimePackFiles,
  skillsFolder,
  WIRED_RUNTIME_SCOPES,
} from './_support/runtime-packs.js';

const PACK = { name: 'demo-pack', version: '1.0.0' };

function setup(runtime: RuntimeId, scope: InstallScope) {
  const work = tempDir('skillpack-lock-proof-');
  const root = join(work, 'root');
  mkdirSync(root);
  const pack = writePack(join(work, 'pack'), PACK, runtimePackFiles(runtime, scope));
  const options = { scope, projectDir: root, home: root, dryRun: false } as const;
  const lockPath =
    scope === 'project' ? join(root, 'skillpack-lock.json') : join(root, '.skillpack/skillpack-lock.json');
  const put = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  // biome-ignore lint/suspicious/noExplicitAny: a lock entry as JSON, edited the way a person would.
  const tamper = (edit: (entry: Record<string, any>) => void) => {
    const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
    edit(lock.installs[0]);
    writeFileSync(lockPath, JSON.stringify(lock));
  };
  return {
    root,
    lockPath,
    put,
    tamper,
    install: () => installPack({ ...options, packDir: pack, runtime, force: false }),
    uninstall: (packName = PACK.name) => uninstallPack({ ...options, packName }),
  };
}

/** A refusal as a corrupt lock, naming the lock file, with nothing on disk changed. */
async function expectRefused(
  t: ReturnType<typeof setup>,
  run: () => ReturnType<typeof uninstallPack>,
  names: string,
) {
  const before = snapshotTree(t.root);
  const result = await run();
  expect(result.success ? result.data.status : result.error.code).toBe('lock_file_corrupt');
  if (!result.success) {
    expect(result.error.message).toContain(t.lockPath);
    expect(result.error.message).toContain(names);
    expect(result.error.message).toContain('expected');
  }
  expect(snapshotTree(t.root)).toEqual(before);
}

describe('a lock claiming a skill of the person’s', () => {
  it.each(RUNTIME_SCOPES)(
    '%s (%s scope): uninstall refuses it and keeps the skill',
    async (runtime, scope) => {
      const t = setup(runtime, scope);
      expect((await t.install()).success).toBe(true);
      const mine = `${skillsFolder(runtime, scope)}mine/SKILL.md`;
      const text = '---\nname: mine\ndescription: Mine.\n---\nMy own skill.\n';
      t.put(mine, text);
      t.tamper((entry) => {
        entry.skills.push('mine');
        entry.files.push({ path: mine, sha256: sha256(text), executable: false });
      });
      await expectRefused(t, () => t.uninstall(), 'mine');
      // Install of the pack is held to the same proof.
      await expectRefused(t, () => t.install(), 'mine');
      expect(readFileSync(join(t.root, mine), 'utf8')).toBe(text);
    },
  );

  it.each(RUNTIME_SCOPES)(
    '%s (%s scope): a copy of the pack’s own skill under the person’s name is not the pack’s either',
    async (runtime, scope) => {
      const t = setup(runtime, scope);
      expect((await t.install()).success).toBe(true);
      const own = readFileSync(join(t.root, `${skillsFolder(runtime, scope)}demo/SKILL.md`), 'utf8');
      const mine = `${skillsFolder(runtime, scope)}mine/SKILL.md`;
      t.put(mine, own);
      t.tamper((entry) => {
        entry.skills.push('mine');
        entry.files.push({ path: mine, sha256: sha256(own), executable: false });
      });
      await expectRefused(t, () => t.uninstall(), 'mine');
    },
  );
});

/** Each runtime's files a pack's name gives it (its hook file, its plugin), for a pack named `mine`. */
const NAMED_FILES = RUNTIME_SCOPES.flatMap(([runtime, scope]) =>
  (skillGenRuntime(runtime).install.ownership.packFiles?.('mine', scope) ?? [])
    .filter((path) => !path.endsWith('/skillpack-hook.cjs'))
    .map((path) => [runtime, scope, path] as const),
);

describe('a lock entry renamed to the person’s name', () => {
  it('covers every runtime whose pack name gives it files', () => {
    expect(new Set(NAMED_FILES.map(([runtime]) => runtime)).size).toBeGreaterThanOrEqual(3);
  });

  it.each(NAMED_FILES)(
    '%s (%s scope): `uninstall mine` refuses it and keeps %s',
    async (runtime, scope, path) => {
      const t = setup(runtime, scope);
      expect((await t.install()).success).toBe(true);
      const text = '{"mine": true}\n';
      t.put(path, text);
      for (const drop of [false, true]) {
        t.tamper((entry) => {
          entry.pack.name = 'mine';
          // Its pack manifest too, or only the files: neither proves the person's file is the pack's.
          if (drop)
            entry.files = entry.files.filter(
              (file: { path: string }) => !file.path.startsWith('.skillpack/'),
            );
          entry.files.push({ path, sha256: sha256(text), executable: false });
        });
        await expectRefused(t, () => t.uninstall('mine'), 'mine');
        t.tamper((entry) => {
          entry.pack.name = PACK.name;
          entry.files = entry.files.filter((file: { path: string }) => file.path !== path);
        });
      }
      expect(readFileSync(join(t.root, path), 'utf8')).toBe(text);
    },
  );
});

describe('a lock claiming a hook group of the person’s', () => {
  it.each(WIRED_RUNTIME_SCOPES)(
    '%s (%s scope): uninstall refuses it, and the guard hook stays',
    async (runtime, scope) => {
      const t = setup(runtime, scope);
      const file = skillGenRuntime(runtime).install.hookWiring!.file;
      const guard = { matcher: '*', hooks: [{ type: 'command', command: './guard.sh' }] };
      for (const event of ['BeforeTool', 'PreToolUse', 'Stop']) {
        const original = `${JSON.stringify({ hooks: { [event]: [guard] } }, null, 2)}\n`;
        t.put(file, original);
        expect((await t.install()).success).toBe(true);
        const wired = readFileSync(join(t.root, file), 'utf8');
        t.tamper((entry) => {
          entry.hookConfig.entries.push({ event, sha256: entryDigest(guard) });
        });
        await expectRefused(t, () => t.uninstall(), event);
        expect(readFileSync(join(t.root, file), 'utf8')).toBe(wired);
        // Without the claim, uninstall takes out what install added and nothing else.
        t.tamper((entry) => {
          entry.hookConfig.entries = entry.hookConfig.entries.filter(
            (recorded: { sha256: string }) => recorded.sha256 !== entryDigest(guard),
          );
        });
        const removed = await t.uninstall();
        expect(removed.success ? event : `${event}: ${removed.error.message}`).toBe(event);
        expect(readFileSync(join(t.root, file), 'utf8')).toBe(original);
      }
    },
  );
});

/** A stand-in for the runtime's CLI: logs its arguments. */
function fakeCli(dir: string): { path: string; log: string } {
  const log = join(dir, 'cli.log');
  const path = join(dir, 'cli');
  writeFileSync(
    path,
    `#!/usr/bin/env node\nrequire('node:fs').appendFileSync(${JSON.stringify(log)}, process.argv.slice(2).join(' ') + '\\n');\n`,
  );
  chmodSync(path, 0o755);
  return { path, log };
}

const HOME_PLUGIN_RUNTIMES = SKILL_GEN_RUNTIME_LIST.filter((runtime) => runtime.install.homePlugin).map(
  (runtime) => runtime.id,
);

describe('a lock naming another plugin for the runtime’s CLI to uninstall', () => {
  it.each(HOME_PLUGIN_RUNTIMES)('%s: uninstall refuses it and runs no command', async (runtime) => {
    const work = tempDir('skillpack-lock-proof-');
    const home = join(work, 'home');
    mkdirSync(home);
    const form = skillGenRuntime(runtime).install.homePlugin!;
    const pack = writePack(join(work, 'pack'), PACK, {
      [`${form.source}${form.manifest}`]: '{"name":"demo-plugin","version":"1.0.0"}\n',
      [`${form.source}skills/demo/SKILL.md`]: '---\nname: demo\ndescription: D.\n---\nBody.\n',
    });
    const cli = fakeCli(work);
    const options = { scope: 'user', projectDir: work, home, dryRun: false, env: {} } as const;
    const installed = await installPack({
      ...options,
      packDir: pack,
      runtime,
      force: false,
      form: 'plugin',
      activate: true,
      pluginClis: { [runtime]: cli.path },
    });
    expect(installed.success ? installed.data.status : installed.error.message).toBe('applied');
    const lockPath = join(home, '.skillpack/skillpack-lock.json');
    const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
    expect(lock.installs[0].homePlugin).toEqual({ name: 'demo-plugin' });
    lock.installs[0].homePlugin.name = 'theirs';
    writeFileSync(lockPath, JSON.stringify(lock));
    const logged = readFileSync(cli.log, 'utf8');
    const before = snapshotTree(home);
    const result = await uninstallPack({
      ...options,
      packName: PACK.name,
      pluginClis: { [runtime]: cli.path },
    });
    expect(result.success ? result.data.status : result.error.code).toBe('lock_file_corrupt');
    if (!result.success) expect(result.error.message).toMatch(/theirs.*demo-plugin/);
    expect(readFileSync(cli.log, 'utf8')).toBe(logged);
    expect(snapshotTree(home)).toEqual(before);
    expect(existsSync(join(home, lockPath))).toBe(false);
  });
});

/** A claim a hand edit could add to an entry: a skill of the person's, or a file of theirs in an owned folder. */
const claim = fc.record({
  skill: fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/).filter((name) => name !== 'demo'),
  content: fc.string({ minLength: 1, maxLength: 40 }),
  file: fc.constantFrom('SKILL.md', 'references/notes.md', 'scripts/run.sh'),
  intoOwnSkill: fc.boolean(),
});

describe('property: a lock entry claims only what its pack manifest names', () => {
  it.each(RUNTIME_SCOPES)('%s (%s scope)', async (runtime, scope) => {
    const t = setup(runtime, scope);
    expect((await t.install()).success).toBe(true);
    const lock = readFileSync(t.lockPath, 'utf8');
    await fc.assert(
      fc.asyncProperty(claim, async ({ skill, content, file, intoOwnSkill }) => {
        writeFileSync(t.lockPath, lock);
        const name = intoOwnSkill ? 'demo' : skill;
        const path = `${skillsFolder(runtime, scope)}${name}/${file}`;
        const existed = existsSync(join(t.root, path));
        if (!existed) t.put(path, content);
        const bytes = readFileSync(join(t.root, path));
        t.tamper((entry) => {
          if (!entry.skills.includes(name)) entry.skills.push(name);
          entry.files = entry.files.filter((locked: { path: string }) => locked.path !== path);
          entry.files.push({ path, sha256: sha256(bytes), executable: false });
        });
        const before = snapshotTree(t.root);
        const result = await t.uninstall();
        // The pack's own SKILL.md, recorded as it is, is its own: that uninstall may go ahead.
        const own = intoOwnSkill && file === 'SKILL.md';
        if (own) {
          expect(result.success).toBe(true);
          expect((await t.install()).success).toBe(true);
          return;
        }
        expect(result.success ? result.data.status : result.error.code).toBe('lock_file_corrupt');
        expect(snapshotTree(t.root)).toEqual(before);
        if (!existed) rmSync(join(t.root, path));
      }),
      runs(6),
    );
  });
});
