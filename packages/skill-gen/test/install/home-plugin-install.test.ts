// `install --form plugin` for the runtimes whose own CLI installs the plugin form into the home (Gemini CLI's
// extension, Copilot CLI's plugin), against a stand-in CLI that logs what it is asked to do. The real CLIs are
// driven in e2e/gemini-cli-plugin-form.test.mjs and e2e/copilot-cli-plugin-form.test.mjs.
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installPack, safeParseLockFile, uninstallPack } from '../../src/runtimes/runtime-install.js';
import { skillpack, tempDir, writePack } from './_support/packs.js';

const PACK = { name: 'demo-pack', version: '1.0.0' };

const RUNTIMES = {
  'gemini-cli': {
    files: {
      'gemini-cli/extension/gemini-extension.json': '{"name":"demo-ext","version":"1.0.0"}\n',
      'gemini-cli/extension/skills/demo/SKILL.md': '---\nname: demo\ndescription: D.\n---\nBody.\n',
      'gemini-cli/extension/hooks/hooks.json': '{"hooks":{}}\n',
      'gemini-cli/.gemini/skills/demo/SKILL.md': '---\nname: demo\ndescription: D.\n---\nBody.\n',
    },
    plugin: 'demo-ext',
    staged: '.gemini/skillpack-extensions/demo-pack',
    installed: '.gemini/extensions/demo-ext',
    register: (path: string) => `extensions install ${path} --consent trust=true`,
    unregister: 'extensions uninstall demo-ext trust=',
  },
  'copilot-cli': {
    files: {
      'copilot-cli/plugin/.plugin/plugin.json': '{"name":"demo-pack","version":"1.0.0"}\n',
      'copilot-cli/plugin/skills/demo/SKILL.md': '---\nname: demo\ndescription: D.\n---\nBody.\n',
      'copilot-cli/.github/skills/demo/SKILL.md': '---\nname: demo\ndescription: D.\n---\nBody.\n',
    },
    plugin: 'demo-pack',
    staged: '.copilot/skillpack-plugins/demo-pack',
    installed: '.copilot/installed-plugins/_direct/demo-pack',
    register: (path: string) => `plugin install ${path} trust=`,
    unregister: 'plugin uninstall demo-pack trust=',
  },
} as const;

/**
 * A stand-in CLI: logs its arguments (and GEMINI_CLI_TRUST_WORKSPACE), exits `FAIL_WITH` when set, and keeps its
 * "installed copy" as the real ones do: `INSTALLED` made on install, removed on uninstall.
 */
function fakeCli(dir: string, installed: string): { path: string; log: string } {
  const log = join(dir, 'cli.log');
  const path = join(dir, 'cli');
  writeFileSync(
    path,
    `#!/usr/bin/env node
const fs = require('node:fs');
const args = process.argv.slice(2);
fs.appendFileSync(${JSON.stringify(log)}, args.join(' ') + ' trust=' + (process.env.GEMINI_CLI_TRUST_WORKSPACE ?? '') + '\\n');
if (process.env.FAIL_WITH && args[0] !== '--version') { console.error('refused by the CLI'); process.exit(Number(process.env.FAIL_WITH)); }
if (args.includes('install')) fs.mkdirSync(${JSON.stringify(installed)}, { recursive: true });
if (args.includes('uninstall')) fs.rmSync(${JSON.stringify(installed)}, { recursive: true, force: true });
`,
  );
  chmodSync(path, 0o755);
  return { path, log };
}

function setup(runtime: keyof typeof RUNTIMES) {
  const work = tempDir('skillpack-home-plugin-');
  const home = join(work, 'home');
  const project = join(work, 'project');
  mkdirSync(home);
  mkdirSync(project);
  const pack = writePack(join(work, 'pack'), PACK, RUNTIMES[runtime].files);
  const cli = fakeCli(work, join(home, RUNTIMES[runtime].installed));
  const base = { scope: 'user', projectDir: project, home, runtime } as const;
  const install = (
    extra: { activate?: boolean; dryRun?: boolean; cli?: string; scope?: 'user' | 'project' } = {},
    env: NodeJS.ProcessEnv = process.env,
  ) =>
    installPack({
      ...base,
      ...(extra.scope ? { scope: extra.scope } : {}),
      packDir: pack,
      force: false,
      activate: extra.activate ?? false,
      dryRun: extra.dryRun ?? false,
      form: 'plugin',
      pluginClis: { [runtime]: extra.cli ?? cli.path },
      env,
    });
  const uninstall = (env: NodeJS.ProcessEnv = process.env) =>
    uninstallPack({ ...base, packName: PACK.name, pluginClis: { [runtime]: cli.path }, env, dryRun: false });
  const logged = () => (existsSync(cli.log) ? readFileSync(cli.log, 'utf8') : '');
  return { work, home, project, pack, cli, install, uninstall, logged };
}

for (const runtime of Object.keys(RUNTIMES) as (keyof typeof RUNTIMES)[]) {
  const expected = RUNTIMES[runtime];
  describe(`install --form plugin for ${runtime}`, () => {
    it('without --activate stages the plugin in the home, records no registration and runs no command', async () => {
      const t = setup(runtime);
      const result = await t.install();
      expect(result.success ? result.data.status : result.error.message).toBe('applied');
      if (!result.success) return;
      expect(result.data.pluginForm).toMatchObject({
        active: false,
        plugin: expected.plugin,
        folder: join(t.home, expected.staged),
        installed: join(t.home, expected.installed),
      });
      expect(result.data.pluginForm?.steps.at(-1)).toContain(
        expected.register(join(t.home, expected.staged)).split(' trust=')[0],
      );
      expect(existsSync(join(t.home, expected.staged, 'skills/demo/SKILL.md'))).toBe(true);
      // Only the plugin form: the skill form's files stay in the pack.
      expect(existsSync(join(t.home, runtime === 'gemini-cli' ? '.gemini/skills' : '.copilot/skills'))).toBe(
        false,
      );
      expect(t.logged()).toBe('');
      const lock = readFileSync(join(t.home, '.skillpack/skillpack-lock.json'), 'utf8');
      expect(lock).not.toContain('homePlugin');
    });

    it('with --activate has the CLI install the staged folder, journals it, and uninstall has it removed', async () => {
      const t = setup(runtime);
      const result = await t.install({ activate: true });
      expect(result.success ? result.data.status : result.error.message).toBe('applied');
      if (result.success) expect(result.data.pluginForm?.active).toBe(true);
      const staged = join(t.home, expected.staged);
      expect(t.logged()).toBe(`--version trust=\n${expected.register(staged)}\n`);
      const lockFile = join(t.home, '.skillpack/skillpack-lock.json');
      const lock = safeParseLockFile(readFileSync(lockFile, 'utf8'), lockFile, 'user');
      expect(lock.success && lock.data.installs[0]?.homePlugin).toEqual({ name: expected.plugin });
      // Again: nothing changed, so the CLI is not asked to install it twice.
      const again = await t.install({ activate: true });
      expect(again.success && again.data.status).toBe('unchanged');
      expect(t.logged()).toBe(`--version trust=\n${expected.register(staged)}\n--version trust=\n`);
      expect(existsSync(join(t.home, expected.installed))).toBe(true);
      const removed = await t.uninstall();
      expect(removed.success ? removed.data.status : removed.error.message).toBe('applied');
      expect(t.logged().trim().split('\n').at(-1)).toBe(expected.unregister);
      expect(existsSync(join(t.home, expected.installed))).toBe(false);
      // The staged folder and the folder skillpack made for it are gone (pruned once empty).
      expect(existsSync(join(t.home, expected.staged.split('/').slice(0, 2).join('/')))).toBe(false);
      expect(existsSync(lockFile)).toBe(false);
    });

    /** The pack rewritten as version 1.1.0, each SKILL.md changed. */
    const writeUpgradedPack = (pack: string) => {
      const files = Object.fromEntries(
        Object.entries(expected.files).map(([path, text]) => [
          path,
          path.endsWith('SKILL.md') ? `${text}v2\n` : text,
        ]),
      );
      rmSync(pack, { recursive: true });
      writePack(pack, { ...PACK, version: '1.1.0' }, files);
    };

    it('an upgrade has the CLI replace its copy: uninstall, then install the new staged files', async () => {
      const t = setup(runtime);
      expect((await t.install({ activate: true })).success).toBe(true);
      writeUpgradedPack(t.pack);
      const result = await t.install({ activate: true });
      expect(result.success ? result.data.status : result.error.message).toBe('applied');
      const lines = t.logged().trim().split('\n');
      expect(lines.slice(-2)).toEqual([
        expected.unregister,
        expected.register(join(t.home, expected.staged)),
      ]);
    });

    it('uninstall refuses while the CLI fails and its copy is there; a copy a person removed is no failure', async () => {
      const t = setup(runtime);
      expect((await t.install({ activate: true })).success).toBe(true);
      const failing = { ...process.env, FAIL_WITH: '1' };
      const refused = await t.uninstall(failing);
      expect(!refused.success && refused.error.code).toBe('plugin_command_failed');
      expect(existsSync(join(t.home, expected.staged))).toBe(true);
      expect(existsSync(join(t.home, '.skillpack/skillpack-lock.json'))).toBe(true);
      rmSync(join(t.home, expected.installed), { recursive: true });
      const removed = await t.uninstall(failing);
      expect(removed.success ? removed.data.status : removed.error.message).toBe('applied');
      expect(existsSync(join(t.home, expected.staged))).toBe(false);
    });

    it('new files staged without --activate over a registered copy: reported not active, with the steps to replace it', async () => {
      const t = setup(runtime);
      expect((await t.install({ activate: true })).success).toBe(true);
      writeUpgradedPack(t.pack);
      const before = t.logged();
      const result = await t.install();
      expect(result.success ? result.data.status : result.error.message).toBe('applied');
      expect(t.logged()).toBe(before);
      if (!result.success) return;
      expect(result.data.pluginForm?.active).toBe(false);
      expect(result.data.pluginForm?.steps).toHaveLength(2);
      expect(result.data.pluginForm?.steps[0]).toBe(
        `${t.cli.path} ${expected.unregister.split(' trust=')[0]}`,
      );
      // The lock still records the registration: uninstall has the CLI remove its copy.
      const removed = await t.uninstall();
      expect(removed.success).toBe(true);
      expect(t.logged().trim().split('\n').at(-1)).toBe(expected.unregister);
    });

    it('uninstall --dry-run runs no command and changes nothing', async () => {
      const t = setup(runtime);
      expect((await t.install({ activate: true })).success).toBe(true);
      const before = t.logged();
      const planned = await uninstallPack({
        scope: 'user',
        projectDir: t.project,
        home: t.home,
        packName: PACK.name,
        pluginClis: { [runtime]: t.cli.path },
        dryRun: true,
      });
      expect(planned.success && planned.data.status).toBe('planned');
      expect(t.logged()).toBe(before);
      expect(existsSync(join(t.home, expected.installed))).toBe(true);
      expect(existsSync(join(t.home, expected.staged))).toBe(true);
    });

    it('the skill form over an installed plugin form is refused until it is uninstalled', async () => {
      const t = setup(runtime);
      expect((await t.install()).success).toBe(true);
      const skill = await installPack({
        scope: 'user',
        projectDir: t.project,
        home: t.home,
        runtime,
        packDir: t.pack,
        force: false,
        dryRun: false,
        form: 'skill',
      });
      expect(!skill.success && skill.error.code).toBe('install_form_changed');
    });

    it('through the CLI: --plugin-cli is taken, printed steps name it, and JSON reports the plugin form', async () => {
      const t = setup(runtime);
      const args = ['install', t.pack, '--runtime', runtime, '--form', 'plugin', '--scope', 'user'];
      const run = await skillpack([...args, '--home', t.home, '--plugin-cli', t.cli.path], { cwd: t.work });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`but not installed`);
      expect(run.stdout).toContain(
        `${t.cli.path} ${expected.register(join(t.home, expected.staged)).split(' trust=')[0]}`,
      );
      const json = await skillpack(
        [...args, '--home', t.home, '--plugin-cli', t.cli.path, '--activate', '--format', 'json'],
        {
          cwd: t.work,
        },
      );
      expect(json.code).toBe(0);
      expect(JSON.parse(json.stdout).pluginForm).toMatchObject({
        active: true,
        plugin: expected.plugin,
        runtime,
      });
      const removed = await skillpack(
        ['uninstall', PACK.name, '--scope', 'user', '--home', t.home, '--plugin-cli', t.cli.path],
        {
          cwd: t.work,
        },
      );
      expect(removed.code).toBe(2);
      expect(removed.stderr).toContain('give --runtime too');
    });

    it('a dry run changes nothing and runs no command', async () => {
      const t = setup(runtime);
      const result = await t.install({ activate: true, dryRun: true });
      expect(result.success && result.data.status).toBe('planned');
      expect(t.logged()).toBe('');
      expect(existsSync(join(t.home, expected.staged.split('/')[0]!))).toBe(false);
      expect(existsSync(join(t.home, '.skillpack'))).toBe(false);
    });

    it('a missing CLI is a typed error before anything is written', async () => {
      const t = setup(runtime);
      const result = await t.install({ activate: true, cli: join(t.work, 'no-such-cli') });
      expect(!result.success && result.error.code).toBe('plugin_cli_not_found');
      expect(!result.success && result.error.message).toContain('--plugin-cli PATH');
      expect(existsSync(join(t.home, expected.staged.split('/')[0]!))).toBe(false);
      expect(existsSync(join(t.home, '.skillpack'))).toBe(false);
    });

    it("the CLI's refusal is a typed error naming its command and output; the next install registers again", async () => {
      const t = setup(runtime);
      const result = await t.install({ activate: true }, { ...process.env, FAIL_WITH: '3' });
      expect(!result.success && result.error.code).toBe('plugin_command_failed');
      expect(!result.success && result.error.message).toContain('refused by the CLI');
      const again = await t.install({ activate: true });
      expect(again.success ? again.data.pluginForm?.active : again.error.message).toBe(true);
      expect(t.logged().trim().split('\n').at(-1)).toBe(expected.register(join(t.home, expected.staged)));
      expect(existsSync(join(t.home, expected.installed))).toBe(true);
    });

    it('the project scope is refused with a typed error saying why', async () => {
      const t = setup(runtime);
      const result = await t.install({ scope: 'project', activate: true });
      expect(!result.success && result.error.code).toBe('install_form_unsupported');
      expect(!result.success && result.error.message).toContain('for the user only');
      expect(t.logged()).toBe('');
    });

    it('a lock that records a CLI-installed plugin in the project scope is corrupt', () => {
      const lock = {
        lockfileVersion: 1,
        installs: [
          { pack: PACK, runtime, scope: 'project', skills: [], files: [], homePlugin: { name: 'x' } },
        ],
      };
      const parsed = safeParseLockFile(JSON.stringify(lock), 'skillpack-lock.json', 'project');
      expect(!parsed.success && parsed.error.code).toBe('lock_file_corrupt');
    });
  });
}

describe('install --form plugin for a runtime whose plugin form is not installed by its CLI', () => {
  it('--plugin-cli is refused for it', async () => {
    const t = setup('gemini-cli');
    const run = await skillpack(
      [
        'install',
        t.pack,
        '--runtime',
        'codex',
        '--scope',
        'user',
        '--home',
        t.home,
        '--plugin-cli',
        t.cli.path,
      ],
      { cwd: t.work },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--plugin-cli applies only to --runtime gemini-cli or copilot-cli');
  });

  it('a lock recording a CLI-installed plugin for claude-code is corrupt', () => {
    const lock = {
      lockfileVersion: 1,
      installs: [
        {
          pack: PACK,
          runtime: 'claude-code',
          scope: 'user',
          skills: [],
          files: [],
          homePlugin: { name: 'x' },
        },
      ],
    };
    const parsed = safeParseLockFile(JSON.stringify(lock), 'skillpack-lock.json', 'user');
    expect(!parsed.success && parsed.error.code).toBe('lock_file_corrupt');
  });
});

// The staged copy is the pack's bytes: a pack file changed after the build is refused, nothing staged.
describe('install --form plugin of a tampered pack', () => {
  it('is refused before the CLI runs', async () => {
    const t = setup('gemini-cli');
    const copy = join(t.work, 'copy');
    cpSync(t.pack, copy, { recursive: true });
    writeFileSync(join(copy, 'gemini-cli/extension/skills/demo/SKILL.md'), 'changed\n');
    const result = await installPack({
      scope: 'user',
      projectDir: t.project,
      home: t.home,
      runtime: 'gemini-cli',
      packDir: copy,
      force: false,
      activate: true,
      dryRun: false,
      form: 'plugin',
      pluginClis: { 'gemini-cli': t.cli.path },
    });
    expect(!result.success && result.error.code).toBe('pack_file_mismatch');
    expect(t.logged()).toBe('');
  });
});
