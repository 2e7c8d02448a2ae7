// Registering (or unregistering) the plugin form with Claude Code itself: its own `claude plugin marketplace
// add` + `claude plugin install` (`uninstall` + `marketplace remove`) record the plugin in the home
// (`~/.claude/plugins/`), which `claude -p` needs before it loads a project's enabled plugin. Those commands
// also rewrite the scope's settings.json in their own formatting, so its bytes are read before and put back
// after: the user's file holds exactly what skillpack's surgical edit made of it. I/O at the edge.
import { execFile } from 'node:child_process';
import { readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fail, ok, type Result, type SkillpackError } from '@skillpack/core';
import { IoError } from '../../cli/exit-code.js';
import { replaceTextFile } from '../../files/replace-text-file.js';
import { writeDurably } from '../../install/journal.js';
import type { InstallScope } from '../../install/layout.js';
import { toStableJson } from '../../json/stable-json.js';
import { PLUGIN_SETTINGS_FILE, type PluginWant, pluginKey } from './plugin.js';

export interface ClaudeCommandContext {
  /** The `claude` executable (`--claude`, default `claude` on PATH). */
  readonly claude: string;
  readonly scope: InstallScope;
  /** The scope root: the project (the commands run there) or the home. */
  readonly root: string;
  /** The home Claude Code keeps its plugin registry in (`--home`, `SKILLPACK_HOME`, else the OS home). */
  readonly home: string;
  readonly timeoutMs?: number;
}

interface Ran {
  readonly code: number | string | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(context: ClaudeCommandContext, cwd: string, args: readonly string[]): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      context.claude,
      [...args],
      {
        cwd,
        env: { ...process.env, HOME: context.home, USERPROFILE: context.home },
        timeout: context.timeoutMs ?? 60_000,
        maxBuffer: 4 * 1024 * 1024,
        encoding: 'utf8',
      },
      (error, stdout, stderr) => {
        const code = error ? ((error as NodeJS.ErrnoException).code ?? 1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

function failed(context: ClaudeCommandContext, args: readonly string[], ran: Ran): IoError {
  const command = `${context.claude} ${args.join(' ')}`;
  if (ran.code === 'ENOENT' || ran.code === 'EACCES')
    return new IoError(
      'claude_cli_not_found',
      `Cannot run ${context.claude} (${ran.code}): the plugin form registers the plugin with Claude Code's own \`claude plugin\` commands. Install Claude Code or pass --claude PATH.`,
      { details: { claude: context.claude } },
    );
  const output = `${ran.stdout}${ran.stderr}`.trim().slice(-600);
  return new IoError(
    'claude_plugin_command_failed',
    `\`${command}\` failed (${ran.code}): ${output || 'no output'}`,
    { details: { command, code: ran.code, output } },
  );
}

/** Check that the `claude` executable runs at all, before install changes anything. */
export async function checkClaude(context: ClaudeCommandContext): Promise<Result<void, SkillpackError>> {
  const args = ['--version'];
  const settings = join(context.root, PLUGIN_SETTINGS_FILE);
  const before = await snapshot(settings);
  try {
    const ran = await run(context, context.root, args);
    return ran.code === 0 ? ok(undefined) : fail(failed(context, args, ran));
  } finally {
    await putBack(settings, before);
  }
}

async function snapshot(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Where the settings' bytes wait while Claude's commands run, so a run killed in between is put right by the
 * next one (`recoverClaudeSettings`).
 */
export const SETTINGS_BEFORE_FILE = '.claude/.skillpack-settings-before.json';

async function keep(root: string, bytes: Buffer | undefined): Promise<void> {
  const record = JSON.stringify({ missing: bytes === undefined, base64: bytes?.toString('base64') ?? '' });
  await writeDurably(join(root, SETTINGS_BEFORE_FILE), Buffer.from(record), 0o644);
}

/** Settings as Claude's commands may leave them: the plugin keys aside, the same JSON. */
function sameBesidesPlugins(a: string, b: string): boolean {
  try {
    const strip = (text: string) => {
      const json = JSON.parse(text) as Record<string, unknown>;
      delete json.enabledPlugins;
      delete json.extraKnownMarketplaces;
      return toStableJson(json);
    };
    return strip(a) === strip(b);
  } catch {
    return false;
  }
}

/**
 * Finish a run killed while Claude's commands ran: the settings get their bytes back when nothing but Claude's
 * reformatting (and the plugin keys) differs; a file a person changed since is left as it is. Returns the file
 * when it was put back.
 */
export async function recoverClaudeSettings(root: string): Promise<string | undefined> {
  const sidecar = join(root, SETTINGS_BEFORE_FILE);
  const raw = await snapshot(sidecar);
  if (raw === undefined) return undefined;
  const settings = join(root, PLUGIN_SETTINGS_FILE);
  let restored: string | undefined;
  try {
    const record = JSON.parse(raw.toString('utf8')) as { missing: boolean; base64: string };
    const before = record.missing ? undefined : Buffer.from(record.base64, 'base64');
    const now = await snapshot(settings);
    const same =
      before === undefined
        ? now === undefined || sameBesidesPlugins(now.toString('utf8'), '{}')
        : now !== undefined && sameBesidesPlugins(now.toString('utf8'), before.toString('utf8'));
    if (same) {
      await putBack(settings, before);
      restored = settings;
    }
  } catch {
    // A damaged record restores nothing.
  }
  await unlink(sidecar);
  return restored;
}

async function putBack(path: string, bytes: Buffer | undefined): Promise<void> {
  const now = await snapshot(path);
  if (bytes === undefined) {
    if (now !== undefined) await unlink(path);
    return;
  }
  if (now?.equals(bytes)) return;
  await replaceTextFile(path, bytes);
}

const STEPS = {
  register: (scope: InstallScope, want: PluginWant) => [
    ['plugin', 'marketplace', 'add', want.path, '--scope', scope],
    ['plugin', 'install', pluginKey(want), '--scope', scope],
  ],
  unregister: (scope: InstallScope, want: PluginWant) => [
    ['plugin', 'uninstall', pluginKey(want), '--scope', scope],
    ['plugin', 'marketplace', 'remove', want.marketplace, '--scope', scope],
  ],
} as const;

/**
 * Run Claude Code's plugin commands for `want` (`register` or `unregister`), the scope's settings.json put back
 * byte for byte afterwards, whether they succeed or not.
 */
export async function claudePluginCommands(
  direction: keyof typeof STEPS,
  context: ClaudeCommandContext,
  want: PluginWant,
): Promise<Result<void, SkillpackError>> {
  const settings = join(context.root, PLUGIN_SETTINGS_FILE);
  const before = await snapshot(settings);
  await keep(context.root, before);
  try {
    for (const args of STEPS[direction](context.scope, want)) {
      const ran = await run(context, context.root, args);
      const missing = ran.code === 'ENOENT' || ran.code === 'EACCES';
      // Unregistering what Claude no longer knows (a person removed it) is not a failure.
      if (ran.code !== 0 && (direction === 'register' || missing)) return fail(failed(context, args, ran));
    }
    return ok(undefined);
  } finally {
    await putBack(settings, before);
    await unlink(join(context.root, SETTINGS_BEFORE_FILE));
  }
}
