import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoPackFiles, skillpack, snapshotTree, tempDir, writePack } from './_support/packs.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build the skill-gen package first`);
});

/** Run the built CLI as a child; `killAt` makes it SIGKILL itself at that file-system change. */
function cli(args: readonly string[], killAt?: number) {
  return spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      SKILLPACK_HOME: '/nonexistent/skillpack-test-home',
      ...(killAt === undefined ? {} : { SKILLPACK_TEST_KILL_AT: String(killAt) }),
    },
  });
}

const work = tempDir('skillpack-killed-');
const v1 = writePack(join(work, 'v1'), { name: 'demo-pack', version: '1.0.0' }, demoPackFiles('1.0.0'));
const v2Files = demoPackFiles('2.0.0', { extraReference: true });
for (const path of Object.keys(v2Files)) if (path.endsWith('references/guide.md')) delete v2Files[path];
const v2 = writePack(join(work, 'v2'), { name: 'demo-pack', version: '2.0.0' }, v2Files);

const install = (pack: string, root: string) => [
  'install',
  pack,
  '--runtime',
  'codex',
  '--scope',
  'project',
  '--dir',
  root,
];
const uninstall = (root: string) => ['uninstall', 'demo-pack', '--scope', 'project', '--dir', root];

/** v1 installed for codex and claude-code, so the lock has another record to keep. */
const template = join(work, 'template');
mkdirSync(template);
expect(cli(install(v1, template)).status).toBe(0);
expect(cli(['install', v1, '--runtime', 'claude-code', '--scope', 'project', '--dir', template]).status).toBe(
  0,
);

let projects = 0;
function projectWithV1(): string {
  const root = join(work, `project-${projects++}`);
  cpSync(template, root, { recursive: true });
  return root;
}

const lockText = (root: string) =>
  existsSync(join(root, 'skillpack-lock.json'))
    ? readFileSync(join(root, 'skillpack-lock.json'), 'utf8')
    : null;

describe.each([
  ['an upgrade', (root: string) => install(v2, root)],
  [
    'an uninstall',
    (root: string) => ['uninstall', 'demo-pack', '--runtime', 'codex', '--scope', 'project', '--dir', root],
  ],
  ['an uninstall of everything', uninstall],
] as const)('%s killed at every file-system change', (_name, command) => {
  it('leaves the old or the new lock, and the next run recovers without advice to delete anything', async () => {
    const reference = projectWithV1();
    const oldLock = lockText(reference);
    expect(cli(command(reference)).status).toBe(0);
    const newLock = lockText(reference);
    const expected = snapshotTree(reference);

    let killed = 0;
    for (let killAt = 1; ; killAt++) {
      const root = projectWithV1();
      const crashed = cli(command(root), killAt);
      if (crashed.signal !== 'SIGKILL') {
        expect(crashed.status, crashed.stderr).toBe(0);
        break;
      }
      killed++;
      const lock = lockText(root);
      expect([oldLock, newLock], `lock after a kill at change ${killAt}`).toContain(lock);
      if (lock !== null) {
        const listed = await skillpack(['list', '--scope', 'project', '--dir', root, '--format', 'json'], {
          cwd: root,
        });
        expect(listed.code).toBe(0);
        expect(JSON.parse(listed.stdout).scopes[0].packs.length).toBeGreaterThan(0);
      }

      // Re-running a committed uninstall recovers, then finds nothing left to remove (exit 1).
      const resumed = await skillpack(command(root), { cwd: root });
      const committedUninstall = lock === newLock && command(root)[0] === 'uninstall';
      expect(resumed.code, `re-run after a kill at change ${killAt}: ${resumed.stderr}`).toBe(
        committedUninstall ? 1 : 0,
      );
      expect(resumed.stdout).not.toMatch(/delete it/i);
      expect(readdirSync(root).filter((name) => name.startsWith('.skillpack-'))).toEqual([]);
      expect(snapshotTree(root), `tree after a kill at change ${killAt} and a re-run`).toEqual(expected);
    }
    expect(killed).toBeGreaterThan(10);
  }, 240_000);
});
