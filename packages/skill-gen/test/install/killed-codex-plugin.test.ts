import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoPackFiles, snapshotTree, tempDir, writePack } from './_support/packs.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build the skill-gen package first`);
});

/** Run the built CLI as a child in the user scope of `home`; `killAt` SIGKILLs it at that file-system change. */
function cli(args: readonly string[], home: string, killAt?: number) {
  return spawnSync(process.execPath, [CLI, ...args, '--scope', 'user', '--home', home], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      SKILLPACK_HOME: home,
      CODEX_HOME: join(home, '.codex'),
      ...(killAt === undefined ? {} : { SKILLPACK_TEST_KILL_AT: String(killAt) }),
    },
  });
}

const work = tempDir('skillpack-killed-codex-plugin-');
const pack = writePack(
  join(work, 'pack'),
  { name: 'demo-pack', version: '1.0.0' },
  {
    ...demoPackFiles('1.0.0'),
    'codex/plugin/skills/demo/SKILL.md': '---\nname: demo\ndescription: Demo plugin skill.\n---\nDo it.\n',
  },
);
/** A person's own config.toml, in their own formatting (no line end at the end). */
const MINE = 'model = "gpt-5.5"\n# mine\n[projects."/somewhere"]\ntrust_level = "trusted"';
const TABLE = '[plugins."demo-pack@demo-pack"]\nenabled = true\n';

const template = join(work, 'template');
mkdirSync(join(template, '.codex'), { recursive: true });
writeFileSync(join(template, '.codex/config.toml'), MINE);
const installed = join(work, 'installed');
cpSync(template, installed, { recursive: true });

const install = ['install', pack, '--runtime', 'codex', '--trust-codex-hooks'];
const uninstall = ['uninstall', 'demo-pack'];

let copies = 0;
function copy(from: string): string {
  const root = join(work, `copy-${copies++}`);
  cpSync(from, root, { recursive: true });
  return root;
}

describe.each([
  ['the install', template, install],
  ['the uninstall', installed, uninstall],
] as const)(
  '%s of a Codex plugin with its config.toml table killed at every file-system change',
  (_name, start, command) => {
    it("leaves the person's config.toml whole, and the next run finishes the job exactly", () => {
      if (start === installed && !existsSync(join(installed, '.skillpack/skillpack-lock.json')))
        expect(cli(install, installed).status).toBe(0);
      if (start === installed)
        expect(readFileSync(join(installed, '.codex/config.toml'), 'utf8')).toBe(`${MINE}\n\n${TABLE}`);
      const reference = copy(start);
      expect(cli(command, reference).status).toBe(0);
      const expected = snapshotTree(reference);
      expect(readFileSync(join(reference, '.codex/config.toml'), 'utf8')).toBe(
        command === uninstall ? MINE : `${MINE}\n\n${TABLE}`,
      );
      let killed = 0;
      for (let killAt = 1; ; killAt++) {
        const root = copy(start);
        const crashed = cli(command, root, killAt);
        if (crashed.signal !== 'SIGKILL') {
          expect(crashed.status, crashed.stderr).toBe(0);
          break;
        }
        killed++;
        // Killed anywhere: config.toml is the person's as it was, or with the table (or, between the two renames
        // of a replace, in the staging folder, from where the next run puts it back).
        const file = join(root, '.codex/config.toml');
        if (existsSync(file)) expect([MINE, `${MINE}\n\n${TABLE}`]).toContain(readFileSync(file, 'utf8'));
        const resumed = cli(command, root);
        const gone = command === uninstall && !existsSync(join(root, '.skillpack/skillpack-lock.json'));
        if (!gone || resumed.status !== 1) expect(resumed.status, resumed.stderr).toBe(0);
        expect(readdirSync(root).filter((name) => name.startsWith('.skillpack-'))).toEqual([]);
        // Killed after the lock file went and before its folder did, the re-run (nothing installed) leaves the
        // empty ~/.skillpack folder: not this test's concern (user-scope uninstalls in general).
        const lockDir = join(root, '.skillpack');
        if (gone && existsSync(lockDir) && readdirSync(lockDir).length === 0) rmdirSync(lockDir);
        expect(snapshotTree(root), `tree after a kill at change ${killAt} and a re-run`).toEqual(expected);
      }
      expect(killed).toBeGreaterThan(3);
    }, 240_000);
  },
);
