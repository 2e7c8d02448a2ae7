import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  recoverClaudeSettings,
  SETTINGS_BEFORE_FILE,
} from '../../src/runtimes/claude-code/plugin-register.js';
import { installPack, safeParseLockFile, uninstallPack } from '../../src/runtimes/runtime-install.js';
import { demoPackFiles, skillpack, tempDir, writePack } from './_support/packs.js';

const PACK = { name: 'demo-pack', version: '1.0.0' };
const MINE = '{\n    "model": "x"\n}\n';

function pluginPack(dir: string) {
  return writePack(dir, PACK, {
    ...demoPackFiles('1'),
    'claude-code/.claude-plugin/marketplace.json':
      '{"name":"demo-pack","plugins":[{"name":"demo-pack","source":"./plugin"}]}\n',
    'claude-code/plugin/.claude-plugin/plugin.json': '{"name":"demo-pack"}\n',
    'claude-code/plugin/hooks/hooks.json': '{"hooks":{}}\n',
    'claude-code/plugin/skills/gated/SKILL.md':
      '---\nname: gated\ndescription: G.\nallowed-tools: "Read"\n---\nBody.\n',
  });
}

/** A stand-in `claude` that logs its arguments and rewrites the settings the way Claude's commands do. */
function fakeClaude(dir: string): { path: string; log: string } {
  const log = join(dir, 'claude.log');
  const path = join(dir, 'claude');
  writeFileSync(
    path,
    `#!/usr/bin/env node
const fs = require('node:fs');
fs.appendFileSync(${JSON.stringify(log)}, process.argv.slice(2).join(' ') + '\\n');
const file = '.claude/settings.json';
if (fs.existsSync(file)) fs.writeFileSync(file, JSON.stringify(JSON.parse(fs.readFileSync(file, 'utf8')), null, 2));
`,
  );
  chmodSync(path, 0o755);
  return { path, log };
}

function setup() {
  const work = tempDir('skillpack-claude-plugin-');
  const root = join(work, 'root');
  mkdirSync(join(root, '.claude'), { recursive: true });
  const settings = join(root, '.claude/settings.json');
  writeFileSync(settings, MINE);
  const pack = pluginPack(join(work, 'pack'));
  const claude = fakeClaude(work);
  const options = { scope: 'project', projectDir: root, home: join(work, 'home'), dryRun: false } as const;
  mkdirSync(options.home);
  const install = (activate: boolean, claudePath = claude.path) =>
    installPack({
      ...options,
      packDir: pack,
      runtime: 'claude-code',
      force: false,
      activate,
      form: 'plugin',
      claude: claudePath,
    });
  const uninstall = () => uninstallPack({ ...options, packName: PACK.name, claude: claude.path });
  return { root, settings, claude, install, uninstall };
}

describe('install --form plugin', () => {
  it('without --activate copies the marketplace, enables nothing and runs no claude command', async () => {
    const t = setup();
    const result = await t.install(false);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.pluginForm).toMatchObject({ active: false, plugin: 'demo-pack@demo-pack' });
    expect(result.data.pluginForm?.steps.at(-1)).toBe(
      `${t.claude.path} plugin install demo-pack@demo-pack --scope project`,
    );
    expect(readFileSync(t.settings, 'utf8')).toBe(MINE);
    expect(
      existsSync(join(t.root, '.claude/skillpack-plugins/demo-pack/.claude-plugin/marketplace.json')),
    ).toBe(true);
    expect(existsSync(join(t.root, '.claude/skills'))).toBe(false);
    expect(existsSync(t.claude.log)).toBe(false);
  });

  it("with --activate registers through claude, keeps the user's bytes, and uninstall gives them back", async () => {
    const t = setup();
    const result = await t.install(true);
    expect(result.success ? 'ok' : result.error.message).toBe('ok');
    expect(readFileSync(t.claude.log, 'utf8')).toBe(
      `plugin marketplace add ${t.root}/.claude/skillpack-plugins/demo-pack --scope project\nplugin install demo-pack@demo-pack --scope project\n`.replace(
        /^/,
        '--version\n',
      ),
    );
    const text = readFileSync(t.settings, 'utf8');
    expect(
      text.startsWith('{\n    "model": "x",\n    "extraKnownMarketplaces": {\n        "demo-pack"'),
    ).toBe(true);
    if (result.success) expect(result.data.activation?.rules).toEqual(['Skill(demo-pack:gated)']);
    expect(JSON.parse(readFileSync(join(t.root, '.claude/settings.local.json'), 'utf8'))).toEqual({
      permissions: { allow: ['Skill(demo-pack:gated)'] },
    });
    const removed = await t.uninstall();
    expect(removed.success).toBe(true);
    expect(existsSync(join(t.root, '.claude/settings.local.json'))).toBe(false);
    expect(readFileSync(t.settings, 'utf8')).toBe(MINE);
    expect(readFileSync(t.claude.log, 'utf8')).toContain(
      'plugin uninstall demo-pack@demo-pack --scope project',
    );
    expect(existsSync(join(t.root, '.claude/skillpack-plugins'))).toBe(false);
  });

  it('refuses a settings file with comments as a conflict, changing nothing', async () => {
    const t = setup();
    writeFileSync(t.settings, '{\n  // mine\n  "model": "x"\n}\n');
    const result = await t.install(true);
    expect(result.success && result.data.status).toBe('refused');
    expect(readFileSync(t.settings, 'utf8')).toBe('{\n  // mine\n  "model": "x"\n}\n');
    expect(existsSync(join(t.root, 'skillpack-lock.json'))).toBe(false);
  });

  it('a missing claude is a typed error before anything is written', async () => {
    const t = setup();
    const result = await t.install(true, join(t.root, 'no-such-claude'));
    expect(!result.success && result.error.code).toBe('claude_cli_not_found');
    expect(readFileSync(t.settings, 'utf8')).toBe(MINE);
    expect(existsSync(join(t.root, 'skillpack-lock.json'))).toBe(false);
  });

  it('is refused for codex with a typed error', async () => {
    const t = setup();
    const result = await installPack({
      scope: 'project',
      projectDir: t.root,
      home: t.root,
      dryRun: false,
      packDir: pluginPack(join(t.root, '..', 'pack2')),
      runtime: 'codex',
      force: false,
      form: 'plugin',
    });
    expect(!result.success && result.error.code).toBe('install_form_unsupported');
  });
});

describe('a run killed while Claude reformatted the settings', () => {
  const sidecar = (bytes: string) =>
    JSON.stringify({ missing: false, base64: Buffer.from(bytes).toString('base64') });

  it("gets the settings' bytes back on the next run when only Claude's formatting differs", async () => {
    const t = setup();
    const mine =
      '{\n    "model": "x",\n    "enabledPlugins": {\n        "demo-pack@demo-pack": true\n    }\n}\n';
    writeFileSync(t.settings, JSON.stringify({ model: 'x', enabledPlugins: {} }, null, 2));
    writeFileSync(join(t.root, SETTINGS_BEFORE_FILE), sidecar(mine));
    expect(await recoverClaudeSettings(t.root)).toBe(t.settings);
    expect(readFileSync(t.settings, 'utf8')).toBe(mine);
    expect(existsSync(join(t.root, SETTINGS_BEFORE_FILE))).toBe(false);
  });

  it('leaves a file a person changed since, and runs the recovery under every install', async () => {
    const t = setup();
    writeFileSync(t.settings, '{"model": "y"}');
    writeFileSync(join(t.root, SETTINGS_BEFORE_FILE), sidecar(MINE));
    expect(await recoverClaudeSettings(t.root)).toBeUndefined();
    expect(readFileSync(t.settings, 'utf8')).toBe('{"model": "y"}');
    writeFileSync(t.settings, '{"model":"x"}');
    writeFileSync(join(t.root, SETTINGS_BEFORE_FILE), sidecar(MINE));
    expect((await t.install(false)).success).toBe(true);
    expect(readFileSync(t.settings, 'utf8')).toBe(MINE);
  });
});

describe('skillpack install --form', () => {
  it('is documented in install --help, and the default stays the skill form', async () => {
    const help = await skillpack(['install', '--help'], { cwd: tempDir() });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--form/);
    expect(help.stdout).toMatch(/skill \(the skills and the Stop hook\) or plugin/);
    const t = setup();
    const json = await skillpack(
      [
        'install',
        join(t.root, '..', 'pack'),
        '--runtime',
        'claude-code',
        '--scope',
        'project',
        '--dir',
        t.root,
        '--home',
        t.root,
        '--format',
        'json',
      ],
      { cwd: t.root },
    );
    expect(json.code).toBe(0);
    const outcome = JSON.parse(json.stdout);
    expect(outcome.pluginForm).toBeUndefined();
    expect(existsSync(join(t.root, '.claude/skillpack-plugins'))).toBe(false);
  });

  it('carries the steps in --format json and refuses --form plugin for another runtime', async () => {
    const t = setup();
    const pack = join(t.root, '..', 'pack');
    const json = await skillpack(
      [
        'install',
        pack,
        '--runtime',
        'claude-code',
        '--form',
        'plugin',
        '--scope',
        'project',
        '--dir',
        t.root,
        '--home',
        t.root,
        '--format',
        'json',
      ],
      { cwd: t.root },
    );
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).pluginForm).toMatchObject({ form: 'plugin', active: false });
    expect(JSON.parse(json.stdout).pluginForm.steps).toHaveLength(3);
    const codex = await skillpack(
      [
        'install',
        pack,
        '--runtime',
        'codex',
        '--form',
        'plugin',
        '--scope',
        'project',
        '--dir',
        t.root,
        '--home',
        t.root,
      ],
      { cwd: t.root },
    );
    expect(codex.code).toBe(2);
    expect(codex.stderr).toMatch(/--form plugin applies only to --runtime claude-code/);
  });

  it('refuses to switch forms over an installed pack (uninstall first)', async () => {
    const t = setup();
    expect((await t.install(false)).success).toBe(true);
    const skillForm = await installPack({
      scope: 'project',
      projectDir: t.root,
      home: t.root,
      dryRun: false,
      packDir: join(t.root, '..', 'pack'),
      runtime: 'claude-code',
      force: false,
    });
    expect(!skillForm.success && skillForm.error.code).toBe('install_form_changed');
  });
});

describe('the lock of a plugin form', () => {
  const entry = (runtime: string) => ({
    lockfileVersion: 1,
    installs: [
      {
        pack: PACK,
        runtime,
        scope: 'project',
        files: [],
        claudePlugin: {
          file: '.claude/settings.json',
          createdFile: false,
          marketplace: 'demo-pack',
          plugin: 'demo-pack',
          added: { marketplace: true, enabled: true, createdObjects: ['enabledPlugins'] },
        },
      },
    ],
  });

  it('records the keys install added, and is corrupt for a runtime that has no plugin form', () => {
    expect(safeParseLockFile(JSON.stringify(entry('claude-code')), 'lock').success).toBe(true);
    const codex = safeParseLockFile(JSON.stringify(entry('codex')), 'lock');
    expect(!codex.success && codex.error.code).toBe('lock_file_corrupt');
    const bad = entry('claude-code');
    bad.installs[0]!.claudePlugin.marketplace = '../x';
    expect(safeParseLockFile(JSON.stringify(bad), 'lock').success).toBe(false);
  });
});
