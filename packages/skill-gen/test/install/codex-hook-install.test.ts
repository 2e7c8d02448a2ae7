import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApplyStep } from '../../src/install/apply-plan.js';
import { installPack, uninstallPack } from '../../src/runtimes/runtime-install.js';
import { demoPackFiles, skillpack, tempDir, writePack } from './_support/packs.js';

const PACK = { name: 'demo-pack', version: '1.0.0' };
const MINE = { hooks: [{ type: 'command', command: 'echo mine' }] };

function hookedPack(dir: string, contracts: string) {
  return writePack(dir, PACK, {
    ...demoPackFiles('1'),
    'codex/plugin/hooks/hooks.json': `${JSON.stringify({
      hooks: {
        Stop: [
          {
            hooks: [
              {
                type: 'command',
                command: `node "\${PLUGIN_ROOT}/hooks/skillpack-hook.cjs" codex ${contracts}`,
              },
            ],
          },
        ],
      },
    })}\n`,
    'codex/plugin/hooks/skillpack-hook.cjs': 'console.log("hook");\n',
  });
}

function setup() {
  const work = tempDir('skillpack-codex-hook-');
  const project = join(work, 'project');
  mkdirSync(join(project, '.codex'), { recursive: true });
  writeFileSync(join(project, '.codex/hooks.json'), JSON.stringify({ hooks: { Stop: [MINE] } }));
  return { work, project, pack: hookedPack(join(work, 'pack'), '--contract a') };
}

const run = (
  project: string,
  pack: string,
  extra: { force?: boolean; onStep?: (step: ApplyStep) => void } = {},
) =>
  installPack({
    packDir: pack,
    runtime: 'codex',
    scope: 'project',
    projectDir: project,
    home: join(project, 'no-home'),
    force: extra.force ?? false,
    dryRun: false,
    ...(extra.onStep ? { onStep: extra.onStep } : {}),
  });
const stop = (project: string) =>
  JSON.parse(readFileSync(join(project, '.codex/hooks.json'), 'utf8')).hooks.Stop as unknown[];
const uninstall = (project: string) =>
  uninstallPack({ packName: PACK.name, scope: 'project', projectDir: project, home: project, dryRun: false });

describe('install --runtime codex wires the Stop hook', () => {
  it('installs the program in .codex/hooks/<pack>/, merges its entry, records it, and uninstalls exactly', async () => {
    const { project, pack } = setup();
    const installed = await run(project, pack);
    expect(installed.success && installed.data.status).toBe('applied');
    const program = join(project, '.codex/hooks/demo-pack/skillpack-hook.cjs');
    expect(readFileSync(program, 'utf8')).toBe('console.log("hook");\n');
    expect(stop(project)).toEqual([
      MINE,
      { hooks: [{ type: 'command', command: `node "${program}" codex --contract a` }] },
    ]);
    const lock = JSON.parse(readFileSync(join(project, 'skillpack-lock.json'), 'utf8'));
    expect(lock.installs[0].hookConfig).toMatchObject({ file: '.codex/hooks.json', createdFile: false });
    expect(lock.installs[0].files.map((file: { path: string }) => file.path)).toContain(
      '.codex/hooks/demo-pack/skillpack-hook.cjs',
    );

    const again = await run(project, pack);
    expect(again.success && again.data.status).toBe('unchanged');

    const removed = await uninstall(project);
    expect(removed.success && removed.data.status).toBe('applied');
    expect(stop(project)).toEqual([MINE]);
    expect(existsSync(program)).toBe(false);
    expect(existsSync(join(project, 'skillpack-lock.json'))).toBe(false);
  });

  it("gives a person's hooks.json back byte for byte after install and uninstall (#26.12)", async () => {
    const { project, pack } = setup();
    const file = join(project, '.codex/hooks.json');
    // The user's own formatting: compact, one line, a key of their own after `hooks`, no final newline.
    const original =
      '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo mine"}]}]}, "note": 1}';
    writeFileSync(file, original);
    await run(project, pack);
    const merged = readFileSync(file, 'utf8');
    expect(merged.startsWith(original.slice(0, original.indexOf(']}]}') + 2))).toBe(true);
    expect(merged.endsWith(']}, "note": 1}')).toBe(true);
    expect((await uninstall(project)).success).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(original);
  });

  it('upgrades its own entry in place of the old one', async () => {
    const { work, project, pack } = setup();
    await run(project, pack);
    const upgraded = await run(project, hookedPack(join(work, 'pack'), '--contract b'));
    expect(upgraded.success && upgraded.data.status).toBe('applied');
    expect(JSON.stringify(stop(project))).toContain('--contract b');
    expect(stop(project)).toHaveLength(2);
  });

  it('refuses a hooks.json it cannot parse; creates one when there is none, and removes it on uninstall', async () => {
    const { project, pack } = setup();
    writeFileSync(join(project, '.codex/hooks.json'), '');
    const refused = await run(project, pack);
    expect(refused.success && refused.data.status).toBe('refused');
    const conflict =
      refused.success && refused.data.plan.actions.find((action) => action.type === 'conflict');
    expect(conflict).toMatchObject({ path: '.codex/hooks.json', reason: 'hook-config-invalid' });
    expect(readFileSync(join(project, '.codex/hooks.json'), 'utf8')).toBe('');

    const fresh = tempDir('skillpack-codex-fresh-');
    await run(fresh, pack);
    expect(stop(fresh)).toHaveLength(1);
    await uninstall(fresh);
    expect(existsSync(join(fresh, '.codex'))).toBe(false);
  });

  it('never loses a person’s edit of skillpack’s entry: a conflict on install, kept on uninstall', async () => {
    const { project, pack } = setup();
    await run(project, pack);
    const edited = stop(project);
    const entry = JSON.stringify(edited[1]).replace('--contract a', '--contract a --max-blocks 9');
    writeFileSync(
      join(project, '.codex/hooks.json'),
      JSON.stringify({ hooks: { Stop: [MINE, JSON.parse(entry)] } }),
    );
    const reinstall = await run(project, hookedPack(join(project, '..', 'pack'), '--contract b'));
    expect(reinstall.success && reinstall.data.status).toBe('refused');
    const removed = await uninstall(project);
    expect(removed.success && removed.data.plan.actions).toContainEqual({
      type: 'release',
      path: '.codex/hooks.json',
      reason: 'hook-entry-modified',
    });
    expect(JSON.stringify(stop(project))).toContain('--max-blocks 9');
  });

  it('rolls hooks.json back with everything else when the install fails at its commit', async () => {
    const { project, pack } = setup();
    const before = readFileSync(join(project, '.codex/hooks.json'), 'utf8');
    const failed = await run(project, pack, {
      onStep: (step) => {
        if (step.phase === 'lock') throw new Error('injected');
      },
    });
    expect(failed.success).toBe(false);
    expect(readFileSync(join(project, '.codex/hooks.json'), 'utf8')).toBe(before);
    expect(existsSync(join(project, '.codex/hooks'))).toBe(false);
  });

  it('tells the user the trust step, and how to get the exact lines, when no codex is found', async () => {
    const { work, project, pack } = setup();
    const args = ['install', pack, '--runtime', 'codex', '--scope', 'project', '--dir', project];
    const env = {
      SKILLPACK_HOME: join(work, 'home'),
      PATH: join(work, 'no-bin'),
      CODEX_HOME: join(work, 'ch'),
    };
    const text = await skillpack(args, { cwd: work, env });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(
      `Codex hook: ${project}/.codex/hooks.json runs ${project}/.codex/hooks/demo-pack/skillpack-hook.cjs`,
    );
    expect(text.stdout).toContain('Codex skips this hook SILENTLY until you trust it');
    expect(text.stdout).toContain(`[projects.${JSON.stringify(project)}]`);
    expect(text.stdout).toContain('--codex <path to codex>');
    expect(text.stdout).toContain('--trust-codex-hooks');
    const json = await skillpack([...args, '--format', 'json'], { cwd: work, env });
    const { codexHook } = JSON.parse(json.stdout);
    expect(codexHook).toMatchObject({ trusted: false, recorded: false, hooks: [] });
    expect(codexHook.problem).toContain('no `codex` was found on PATH');
    expect(existsSync(join(work, 'ch'))).toBe(false);
  });

  it('refuses --trust-codex-hooks for another runtime as a usage error', async () => {
    const { work, project, pack } = setup();
    const args = ['install', pack, '--runtime', 'opencode', '--scope', 'project', '--dir', project];
    const run = await skillpack([...args, '--trust-codex-hooks'], { cwd: work });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--trust-codex-hooks applies only to --runtime codex');
  });

  it('warns in the user scope when CODEX_HOME points away from the hooks.json it installed', async () => {
    const { work, pack } = setup();
    const home = join(work, 'home');
    mkdirSync(home);
    const env = { SKILLPACK_HOME: home, PATH: join(work, 'no-bin'), CODEX_HOME: join(work, 'elsewhere') };
    const args = ['install', pack, '--runtime', 'codex', '--scope', 'user', '--home', home];
    const run = await skillpack(args, { cwd: work, env });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Warning: CODEX_HOME is ${join(work, 'elsewhere')}`);
    expect(JSON.parse(readFileSync(join(home, '.codex/hooks.json'), 'utf8')).hooks.Stop).toHaveLength(1);
  });

  it('in the plugin form, keeps the plugin’s own hook out of Codex’s plugin cache: the hook runs once per stop', async () => {
    const work = tempDir('skillpack-codex-plugin-hook-');
    const home = join(work, 'home');
    mkdirSync(join(home, '.codex'), { recursive: true });
    const pack = hookedPack(join(work, 'pack'), '--contract a');
    const installed = await installPack({
      packDir: pack,
      runtime: 'codex',
      scope: 'user',
      projectDir: work,
      home,
      force: false,
      dryRun: false,
      env: { CODEX_HOME: join(home, '.codex') },
    });
    expect(installed.success).toBe(true);
    const cache = join(home, '.codex/plugins/cache/demo-pack/demo-pack/1.0.0/');
    expect(existsSync(join(cache, '.codex-plugin/plugin.json'))).toBe(true);
    // Codex 0.169 runs each trusted hook: the plugin's hooks.json beside the wired one would run it twice.
    expect(existsSync(join(cache, 'hooks/hooks.json'))).toBe(false);
    expect(existsSync(join(cache, 'hooks/skillpack-hook.cjs'))).toBe(false);
    const wired = JSON.parse(readFileSync(join(home, '.codex/hooks.json'), 'utf8')).hooks.Stop;
    expect(JSON.stringify(wired)).toContain(join(home, '.codex/hooks/demo-pack/skillpack-hook.cjs'));
    expect(existsSync(join(home, '.codex/hooks/demo-pack/skillpack-hook.cjs'))).toBe(true);
  });
});
