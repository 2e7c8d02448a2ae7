import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoPackFiles, skillpack, tempDir, writePack } from './_support/packs.js';

const SKILL = '---\nname: demo\ndescription: Demo plugin skill.\n---\nDo it.\n';
const MINE = 'model = "gpt-5.5"\n# my own settings\n[projects."/somewhere"]\ntrust_level = "trusted"\n';
const TABLE = '[plugins."demo-pack@demo-pack"]\nenabled = true\n';
const CACHE = '.codex/plugins/cache/demo-pack/demo-pack/1.0.0/';

function setup() {
  const work = tempDir('skillpack-codex-plugin-');
  const home = join(work, 'home');
  mkdirSync(join(home, '.codex'), { recursive: true });
  writeFileSync(join(home, '.codex/config.toml'), MINE);
  const pack = writePack(
    join(work, 'pack'),
    { name: 'demo-pack', version: '1.0.0' },
    { ...demoPackFiles('1'), 'codex/plugin/skills/demo/SKILL.md': SKILL },
  );
  const env = { SKILLPACK_HOME: home, CODEX_HOME: join(home, '.codex') };
  const run = (...args: string[]) =>
    skillpack([...args, '--scope', 'user', '--home', home, '--format', 'json'], { cwd: work, env });
  const install = (...extra: string[]) => run('install', pack, '--runtime', 'codex', ...extra);
  const config = () => readFileSync(join(home, '.codex/config.toml'), 'utf8');
  return { work, home, pack, run, install, config, env };
}

describe('install --runtime codex --scope user: a pack with a Codex plugin', () => {
  it('goes into Codex’s plugin cache, is enabled only with consent, and uninstall restores config.toml byte for byte', async () => {
    const { home, run, install, config } = setup();
    const first = await install();
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const outcome = JSON.parse(first.stdout);
    expect(readFileSync(join(home, `${CACHE}skills/demo/SKILL.md`), 'utf8')).toBe(SKILL);
    expect(existsSync(join(home, `${CACHE}.codex-plugin/plugin.json`))).toBe(true);
    expect(existsSync(join(home, '.agents/skills/demo/SKILL.md'))).toBe(false);
    // Not enabled behind the user's back: the exact lines, and config.toml untouched.
    expect(outcome.codexPlugin).toMatchObject({ id: 'demo-pack@demo-pack', enabled: false, change: 'none' });
    expect(outcome.codexPlugin.configToml).toBe(TABLE);
    expect(config()).toBe(MINE);

    const consented = JSON.parse((await install('--trust-codex-hooks')).stdout);
    // The table is a step of the install's plan (journaled), recorded in the lock.
    expect(consented.status).toBe('applied');
    expect(consented.codexPlugin).toMatchObject({ enabled: true, change: 'added' });
    expect(config()).toBe(`${MINE}\n${TABLE}`);
    const again = JSON.parse((await install('--trust-codex-hooks')).stdout);
    expect(again.codexPlugin).toMatchObject({ enabled: true, change: 'none' });
    expect(config()).toBe(`${MINE}\n${TABLE}`);

    const removed = await run('uninstall', 'demo-pack');
    expect(removed.code).toBe(0);
    expect(JSON.parse(removed.stdout).codexPlugin).toMatchObject({ change: 'removed', enabled: false });
    expect(config()).toBe(MINE);
    expect(existsSync(join(home, CACHE))).toBe(false);
  });

  it('with an MCP server too: the plugin table and the server table both go into config.toml and both come out', async () => {
    const { work, home, env, config } = setup();
    const pack = writePack(
      join(work, 'pack-mcp'),
      { name: 'demo-pack', version: '1.0.0' },
      {
        ...demoPackFiles('1'),
        'codex/plugin/skills/demo/SKILL.md': SKILL,
        'codex/plugin/mcp/skillpack-mcp.cjs': '// server\n',
      },
    );
    const run = (...args: string[]) =>
      skillpack([...args, '--scope', 'user', '--home', home, '--format', 'json'], { cwd: work, env });
    const installed = await run('install', pack, '--runtime', 'codex', '--trust-codex-hooks');
    expect(installed.stderr).toBe('');
    expect(installed.code).toBe(0);
    expect(config()).toContain(TABLE);
    expect(config()).toContain('[mcp_servers.demo-pack]\n');
    expect(config().startsWith(MINE)).toBe(true);
    const removed = await run('uninstall', 'demo-pack');
    expect(removed.code).toBe(0);
    expect(config()).toBe(MINE);
  });

  it('leaves a table the user wrote for the plugin alone', async () => {
    const { home, install, config } = setup();
    const own = `${MINE}[plugins."demo-pack@demo-pack"]\nenabled = false\n`;
    writeFileSync(join(home, '.codex/config.toml'), own);
    const outcome = JSON.parse((await install('--trust-codex-hooks')).stdout);
    expect(outcome.codexPlugin.enabled).toBe(false);
    expect(outcome.codexPlugin.problem).toMatch(/already configures demo-pack@demo-pack/);
    expect(config()).toBe(own);
  });

  it('switching to --codex-form skills removes the plugin and skillpack’s table', async () => {
    const { home, install, config } = setup();
    await install('--trust-codex-hooks');
    expect(config()).toBe(`${MINE}\n${TABLE}`);
    const skills = await install('--codex-form', 'skills');
    expect(skills.code).toBe(0);
    expect(existsSync(join(home, '.agents/skills/demo/SKILL.md'))).toBe(true);
    expect(existsSync(join(home, CACHE))).toBe(false);
    expect(config()).toBe(MINE);
  });

  it('keeps a pack installed as standalone skills in that form on re-install, unless --codex-form plugin', async () => {
    const { home, install, config } = setup();
    expect((await install('--codex-form', 'skills')).code).toBe(0);
    const again = JSON.parse((await install()).stdout);
    expect(again.status).toBe('unchanged');
    expect(again.codexPlugin).toBeUndefined();
    expect(existsSync(join(home, '.agents/skills/demo/SKILL.md'))).toBe(true);
    expect(existsSync(join(home, CACHE))).toBe(false);
    const switched = JSON.parse((await install('--codex-form', 'plugin', '--trust-codex-hooks')).stdout);
    expect(switched.codexPlugin).toMatchObject({ enabled: true, change: 'added' });
    expect(existsSync(join(home, '.agents/skills/demo/SKILL.md'))).toBe(false);
    expect(config()).toBe(`${MINE}\n${TABLE}`);
  });

  it('in the project scope installs the skills by default and refuses the plugin form with the reason', async () => {
    const { work, pack, env } = setup();
    const project = join(work, 'project');
    mkdirSync(project);
    const args = ['install', pack, '--runtime', 'codex', '--scope', 'project', '--dir', project];
    const skills = await skillpack(args, { cwd: work, env });
    expect(skills.code).toBe(0);
    expect(existsSync(join(project, '.agents/skills/demo/SKILL.md'))).toBe(true);
    const plugin = await skillpack([...args, '--codex-form', 'plugin'], { cwd: work, env });
    expect(plugin.code).not.toBe(0);
    expect(plugin.stderr).toMatch(/plugins only from \$CODEX_HOME\/plugins\/cache.*--scope user/);
  });

  it('refuses --codex-form plugin for a pack without a plugin, and --codex-form for another runtime', async () => {
    const { work, home, env } = setup();
    const files = demoPackFiles('1');
    delete files['codex/plugin/.codex-plugin/plugin.json'];
    const pack = writePack(join(work, 'bare'), { name: 'bare-pack', version: '1.0.0' }, files);
    const base = ['install', pack, '--scope', 'user', '--home', home];
    const refused = await skillpack([...base, '--runtime', 'codex', '--codex-form', 'plugin'], {
      cwd: work,
      env,
    });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/has no Codex plugin/);
    const other = await skillpack([...base, '--runtime', 'opencode', '--codex-form', 'skills'], {
      cwd: work,
      env,
    });
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/--codex-form applies only to --runtime codex/);
  });

  it('records the table in the lock, and uninstall takes out exactly it when the user edited around it', async () => {
    const { home, run, install, config } = setup();
    await install('--trust-codex-hooks');
    const lock = JSON.parse(readFileSync(join(home, '.skillpack/skillpack-lock.json'), 'utf8'));
    expect(lock.installs[0].codexPlugin).toEqual({
      file: '.codex/config.toml',
      id: 'demo-pack@demo-pack',
      prefix: '\n',
      createdFile: false,
    });
    // The user adds a setting before it, drops the blank line skillpack put there, and adds a table after it.
    const edited = `approval_policy = "never"\n${MINE}${TABLE}[profiles.fast]\nmodel = "m"\n`;
    writeFileSync(join(home, '.codex/config.toml'), edited);
    const removed = await run('uninstall', 'demo-pack');
    expect(removed.code, removed.stderr).toBe(0);
    expect(JSON.parse(removed.stdout).codexPlugin).toMatchObject({ change: 'removed' });
    expect(config()).toBe(`approval_policy = "never"\n${MINE}[profiles.fast]\nmodel = "m"\n`);
  });

  it('leaves a table the user changed after install alone at uninstall, and says so', async () => {
    const { home, run, install, config } = setup();
    await install('--trust-codex-hooks');
    const changed = `${MINE}\n[plugins."demo-pack@demo-pack"]\nenabled = false\n`;
    writeFileSync(join(home, '.codex/config.toml'), changed);
    const removed = await run('uninstall', 'demo-pack');
    expect(removed.code, removed.stderr).toBe(0);
    expect(JSON.parse(removed.stdout).codexPlugin).toMatchObject({ change: 'none' });
    expect(JSON.parse(removed.stdout).codexPlugin.problem).toMatch(/no longer holds the table/);
    expect(config()).toBe(changed);
    expect(existsSync(join(home, CACHE))).toBe(false);
  });

  it('never takes out a table it did not add, even one with its exact bytes', async () => {
    const { home, run, install, config } = setup();
    const own = `${MINE}\n${TABLE}`;
    writeFileSync(join(home, '.codex/config.toml'), own);
    const outcome = JSON.parse((await install('--trust-codex-hooks')).stdout);
    expect(outcome.codexPlugin).toMatchObject({ enabled: true, change: 'none' });
    const lock = JSON.parse(readFileSync(join(home, '.skillpack/skillpack-lock.json'), 'utf8'));
    expect(lock.installs[0].codexPlugin).toBeUndefined();
    expect((await run('uninstall', 'demo-pack')).code).toBe(0);
    expect(config()).toBe(own);
  });

  it('creates config.toml when there is none and deletes it again at uninstall', async () => {
    const { home, run, install } = setup();
    rmSync(join(home, '.codex/config.toml'));
    await install('--trust-codex-hooks');
    expect(readFileSync(join(home, '.codex/config.toml'), 'utf8')).toBe(TABLE);
    expect((await run('uninstall', 'demo-pack')).code).toBe(0);
    expect(existsSync(join(home, '.codex/config.toml'))).toBe(false);
  });
});
