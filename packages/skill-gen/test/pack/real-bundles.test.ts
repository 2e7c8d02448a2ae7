import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtinContracts } from '@skillpack/core/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { sha256 } from '../../src/files/sha256.js';
import { installPack } from '../../src/runtimes/runtime-install.js';
import { buildPack } from '../../src/runtimes/runtime-pack.js';
import { goldenDir, tempDir } from '../_support/temp.js';

const bundleDir = new URL('../../../adapters/dist/bundles/', import.meta.url).pathname;
const built =
  existsSync(join(bundleDir, 'skillpack-hook.cjs')) && existsSync(join(bundleDir, 'opencode-plugin.mjs'));

/** The golden pack hooks conflux.acceptance and maestro.result. */
const HOOKED_FAMILIES = new Set(['conflux', 'maestro']);

const PASS = 'Reviewed.\n{"acceptance":"pass"}\nACCEPTANCE: PASS';
/** A verdict the agent attempted but got wrong: a plugin-wide hook must still push back on it. */
const MALFORMED = 'Reviewed.\n{"acceptance":"fail","findings":[{"id":"f1"}]}';

function stopPayload(message: string) {
  return JSON.stringify({
    session_id: 'session-1',
    transcript_path: '/nonexistent/transcript.jsonl',
    cwd: '/tmp',
    hook_event_name: 'Stop',
    stop_hook_active: false,
    last_assistant_message: message,
  });
}

/** Run a hook command the way the runtime does: through the shell, with the runtime's variables set. */
function runHook(command: string, env: Record<string, string>, message: string) {
  const run = spawnSync('/bin/sh', ['-c', command], {
    input: stopPayload(message),
    encoding: 'utf8',
    env: { PATH: process.env.PATH, ...env },
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as { decision?: string; reason?: string };
}

let out: string;
let bundles: { hook: Buffer; plugin: Buffer };
beforeAll(async () => {
  if (!built) return;
  // The adapters' prebuilt files, which a pack of built-in contracts no longer copies.
  bundles = {
    hook: readFileSync(join(bundleDir, 'skillpack-hook.cjs')),
    plugin: readFileSync(join(bundleDir, 'opencode-plugin.mjs')),
  };
  out = tempDir('skillpack-real-bundles-');
  await buildPack({ cwd: goldenDir, out, typeReferences: { prefer: 'sources' } });
}, 120_000);

// Needs @skillpack/adapters built (npm run build -w @skillpack/adapters); nx runs `^build` before tests.
describe.skipIf(!built)("packs wired to the adapters' real bundles", () => {
  it('carries one hook and one plugin of its own, made for the contracts it hooks', () => {
    const hooks = [
      'claude-code/plugin/hooks/skillpack-hook.cjs',
      'codex/plugin/hooks/skillpack-hook.cjs',
      'copilot-cli/.github/hooks/golden-pack/skillpack-hook.cjs',
      'copilot-cli/plugin/hooks/skillpack-hook.cjs',
      'gemini-cli/extension/hooks/skillpack-hook.cjs',
    ];
    const hook = readFileSync(join(out, hooks[0]!));
    for (const path of hooks) expect(readFileSync(join(out, path)).equals(hook), path).toBe(true);
    // One copy per runtime layout (and the same ones inside the portable package), nowhere else.
    const manifest = JSON.parse(readFileSync(join(out, 'skillpack.manifest.json'), 'utf8'));
    const carried = manifest.files.filter((file: { sha256: string }) => file.sha256 === sha256(hook));
    expect(carried.map((file: { path: string }) => file.path).sort()).toEqual(
      [...hooks, 'qwen-code/hooks/skillpack-hook.cjs'].flatMap((path) => [path, `portable/${path}`]).sort(),
    );
    const plugin = readFileSync(join(out, 'opencode/.opencode/plugins/golden-pack.js'));
    // Not the adapters' prebuilt files (every family): without the families the pack does not hook. (The
    // plugin also carries its zod-free fast path beside the whole program, so it is not always the smaller.)
    expect(hook.length).toBeLessThan(bundles.hook.length);
    expect(plugin.equals(bundles.plugin)).toBe(false);
    for (const [name, text] of [
      ['hook', hook.toString('latin1')],
      ['plugin', plugin.toString('latin1')],
    ] as const) {
      // Each built-in contract's title is a string literal of its family's code.
      for (const contract of builtinContracts.list()) {
        const family = contract.id.split('.')[0]!;
        expect(text.includes(JSON.stringify(contract.title).slice(1, -1)), `${name}: ${contract.id}`).toBe(
          HOOKED_FAMILIES.has(family),
        );
      }
    }
  });

  it('builds the same bytes again', async () => {
    const again = tempDir('skillpack-real-bundles-');
    await buildPack({ cwd: goldenDir, out: again, typeReferences: { prefer: 'sources' } });
    for (const path of [
      'claude-code/plugin/hooks/skillpack-hook.cjs',
      'opencode/.opencode/plugins/golden-pack.js',
      'skillpack.manifest.json',
    ])
      expect(readFileSync(join(again, path)).equals(readFileSync(join(out, path))), path).toBe(true);
  });

  it('refuses a --contract it does not carry with unknown_contract, naming the ones it does (fail open)', () => {
    const hook = join(out, 'claude-code/plugin/hooks/skillpack-hook.cjs');
    for (const id of ['zaofu.gate-failed', 'maestro.verdict', 'acme.unknown']) {
      const run = spawnSync(process.execPath, [hook, 'claude-code', '--contract', id], {
        input: stopPayload('No verdict here.'),
        encoding: 'utf8',
        env: { PATH: process.env.PATH, SKILLPACK_HOOK_STATE_DIR: join(out, '.state') },
      });
      expect(run.status, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual({
        systemMessage: `skillpack-hook: Unknown contract "${id}". Known contracts: conflux.acceptance, maestro.result.`,
      });
    }
  });

  it('the plugin enforces what its options name among the contracts it carries, and is disabled for one it does not', async () => {
    const module = await import(pathToFileURL(join(out, 'opencode/.opencode/plugins/golden-pack.js')).href);
    const start = async (options: unknown) => {
      const logs: string[] = [];
      const client = {
        app: { log: async ({ body }: { body: { message: string } }) => void logs.push(body.message) },
      };
      const hooks = await module.SkillpackContractsPlugin({ client }, options);
      return { hooks, logs: logs.join('\n') };
    };
    // No options: the `<pack>.json` beside the plugin.
    const own = await start(undefined);
    expect(typeof own.hooks.event).toBe('function');
    expect(own.logs).toContain('contracts: conflux.acceptance, maestro.result;');
    const chosen = await start({ contracts: ['maestro.result'], maxPrompts: 1 });
    expect(chosen.logs).toContain('contracts: maestro.result; 1 re-prompts');
    const other = await start({ contracts: ['zaofu.gate-failed'] });
    expect(other.hooks).toEqual({});
    expect(other.logs).toBe(
      'skillpack plugin disabled: Unknown contract "zaofu.gate-failed". Known contracts: conflux.acceptance, maestro.result.',
    );
  });

  it('runs the Claude Code plugin hook from hooks.json: blocks a malformed verdict, leaves other sessions alone', () => {
    const hooks = JSON.parse(readFileSync(join(out, 'claude-code/plugin/hooks/hooks.json'), 'utf8'));
    const command = hooks.hooks.Stop[0].hooks[0].command as string;
    const env = { CLAUDE_PLUGIN_ROOT: join(out, 'claude-code/plugin') };
    expect(runHook(command, env, MALFORMED).decision).toBe('block');
    expect(runHook(command, env, 'I am done.')).toEqual({});
    expect(runHook(command, env, PASS).decision).toBeUndefined();
  });

  it('runs the skill-form hook install wires into settings.json, in a project or for the user', async () => {
    const text = readFileSync(join(out, 'claude-code/.claude/skills/acceptance-review/SKILL.md'), 'utf8');
    // One hook decision per stop: the settings entry, never a second one from the skill's front matter.
    expect(YAML.parse(/^---\n([\s\S]*?)\n---\n/.exec(text)![1]!).hooks).toBeUndefined();
    const empty = tempDir();
    for (const scope of ['project', 'user'] as const) {
      const installed = tempDir();
      const done = await installPack({
        scope,
        projectDir: installed,
        home: installed,
        packDir: out,
        runtime: 'claude-code',
        force: false,
        dryRun: false,
      });
      expect(done.success && done.data.status).toBe('applied');
      const settings = JSON.parse(readFileSync(join(installed, '.claude/settings.json'), 'utf8'));
      const command = settings.hooks.Stop[0].hooks[0].command as string;
      expect(command).toContain('--enforce attempted');
      const env =
        scope === 'project'
          ? { CLAUDE_PROJECT_DIR: installed, HOME: empty }
          : { CLAUDE_PROJECT_DIR: empty, HOME: empty };
      expect(runHook(command, env, MALFORMED).decision).toBe('block');
      expect(runHook(command, env, 'No verdict here.').decision).toBeUndefined();
      expect(runHook(command, env, PASS).decision).toBeUndefined();
    }
  });

  it('runs the Codex plugin hook through PLUGIN_ROOT', () => {
    const hooks = JSON.parse(readFileSync(join(out, 'codex/plugin/hooks/hooks.json'), 'utf8'));
    const command = hooks.hooks.Stop[0].hooks[0].command as string;
    const env = { PLUGIN_ROOT: join(out, 'codex/plugin') };
    const payload = { turn_id: 't', model: 'm', permission_mode: 'default' };
    const run = spawnSync('/bin/sh', ['-c', command], {
      input: JSON.stringify({ ...JSON.parse(stopPayload(MALFORMED)), ...payload }),
      encoding: 'utf8',
      env: { PATH: process.env.PATH, ...env },
    });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).decision).toBe('block');
  });

  it('ships an OpenCode plugin module that exports only plugin functions', async () => {
    const module = (await import(join(out, 'opencode/.opencode/plugins/golden-pack.js'))) as Record<
      string,
      unknown
    >;
    expect(Object.keys(module).length).toBeGreaterThan(0);
    for (const value of Object.values(module)) expect(typeof value).toBe('function');
  });
});
