import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoPackFiles, snapshotTree, tempDir, writePack } from './_support/packs.js';

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

const work = tempDir('skillpack-killed-settings-');
const pack = writePack(
  join(work, 'pack'),
  { name: 'demo-pack', version: '1.0.0' },
  {
    ...demoPackFiles('1.0.0'),
    'claude-code/plugin/hooks/hooks.json': `${JSON.stringify({
      hooks: {
        Stop: [
          {
            hooks: [
              {
                type: 'command',
                command: `node "\${CLAUDE_PLUGIN_ROOT}/hooks/skillpack-hook.cjs" claude-code --enforce attempted`,
              },
            ],
          },
        ],
      },
    })}\n`,
    'claude-code/plugin/hooks/skillpack-hook.cjs': 'console.log("{}");\n',
  },
);
/** A person's own settings, in their own formatting. */
const MINE =
  '{\n    "model": "opus",\n    "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "echo mine" } ] } ] }\n}';

const template = join(work, 'template');
mkdirSync(join(template, '.claude'), { recursive: true });
writeFileSync(join(template, '.claude/settings.json'), MINE);
const installed = join(work, 'installed');
cpSync(template, installed, { recursive: true });

const install = (root: string) => [
  'install',
  pack,
  '--runtime',
  'claude-code',
  '--scope',
  'project',
  '--dir',
  root,
];
const uninstall = (root: string) => ['uninstall', 'demo-pack', '--scope', 'project', '--dir', root];

let copies = 0;
function copy(from: string): string {
  const root = join(work, `copy-${copies++}`);
  cpSync(from, root, { recursive: true });
  return root;
}

describe.each([
  ['the install', template, install],
  ['the uninstall', installed, uninstall],
] as const)('%s of a settings.json hook killed at every file-system change', (_name, start, command) => {
  it("leaves the person's settings.json whole, and the next run finishes the job exactly", () => {
    if (start === installed && !existsSync(join(installed, 'skillpack-lock.json')))
      expect(cli(install(installed)).status).toBe(0);
    const reference = copy(start);
    expect(cli(command(reference)).status).toBe(0);
    const expected = snapshotTree(reference);
    if (command === uninstall)
      expect(readFileSync(join(reference, '.claude/settings.json'), 'utf8')).toBe(MINE);
    let killed = 0;
    for (let killAt = 1; ; killAt++) {
      const root = copy(start);
      const crashed = cli(command(root), killAt);
      if (crashed.signal !== 'SIGKILL') {
        expect(crashed.status, crashed.stderr).toBe(0);
        break;
      }
      killed++;
      // Killed anywhere: the settings file is the person's as it was, the complete merge, or (between the two
      // renames of a replace) in the staging folder, from where the next run puts it back.
      const file = join(root, '.claude/settings.json');
      if (existsSync(file)) expect(JSON.parse(readFileSync(file, 'utf8')).model).toBe('opus');
      const resumed = cli(command(root));
      const gone = command === uninstall && !existsSync(join(root, 'skillpack-lock.json'));
      if (!gone || resumed.status !== 1) expect(resumed.status, resumed.stderr).toBe(0);
      expect(readdirSync(root).filter((name) => name.startsWith('.skillpack-'))).toEqual([]);
      expect(snapshotTree(root), `tree after a kill at change ${killAt} and a re-run`).toEqual(expected);
    }
    expect(killed).toBeGreaterThan(3);
  }, 240_000);
});
