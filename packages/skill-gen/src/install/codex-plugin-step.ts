import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pluginTable, pluginTomlState, withoutPluginTable, withPluginTable } from './codex-plugin-toml.js';
import { findInstall } from './lock-file.js';
import type { OperationOutcome } from './operations.js';

export const CODEX_CONFIG_FILE = '.codex/config.toml';
const CACHE = '.codex/plugins/cache/';

/** What happened to the plugin's `[plugins."<id>"]` table in config.toml after an install or uninstall. */
export interface CodexPluginActivation {
  readonly id: string;
  readonly configFile: string;
  /** Whether Codex loads the plugin now (as far as config.toml says). */
  readonly enabled: boolean;
  /** `added`/`removed`: skillpack changed config.toml now. */
  readonly change: 'added' | 'removed' | 'none';
  /** The exact lines to add by hand, when they are missing and the user did not consent. */
  readonly configToml?: string;
  readonly problem?: string;
}

/** `<pack>@<pack>` when the install of `pack` for codex owns files in Codex's plugin cache after `outcome`. */
function installedPluginId(outcome: OperationOutcome, packName: string): string | undefined {
  const install = findInstall(outcome.plan.lock, packName, 'codex');
  const prefix = `${CACHE}${packName}/${packName}/`;
  return install?.files.some((file) => file.path.startsWith(prefix)) ? `${packName}@${packName}` : undefined;
}

/** Whether `outcome` touched (wrote or removed) the pack's plugin-cache files. */
function touchedPlugin(outcome: OperationOutcome, packName: string): boolean {
  const prefix = `${CACHE}${packName}/${packName}/`;
  return outcome.plan.actions.some((action) => action.path.startsWith(prefix));
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Write `next` over `file` by rename, only if it still holds `before` (a concurrent edit aborts). */
async function replaceText(file: string, before: string | undefined, next: string): Promise<void> {
  const temp = `${file}.skillpack-${randomBytes(4).toString('hex')}`;
  await writeFile(temp, next, { flag: 'wx' });
  try {
    if ((await readText(file)) !== before) throw new Error(`${file} changed while skillpack was editing it`);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * After a codex install or uninstall in the user scope: keep the plugin's table in step with the plugin cache.
 * Adding it needs `consent` (without it: the exact lines, `enabled: false`); taking out skillpack's own bytes
 * once the plugin is gone needs none. `undefined` when the operation has nothing to do with a plugin.
 */
export async function syncCodexPluginTable(
  outcome: OperationOutcome,
  options: { readonly consent: boolean; readonly env: NodeJS.ProcessEnv },
): Promise<CodexPluginActivation | undefined> {
  const name = outcome.plan.pack.name;
  if (outcome.plan.scope !== 'user' || outcome.status === 'refused') return undefined;
  const id = installedPluginId(outcome, name);
  const wanted = id !== undefined;
  if (!wanted && !touchedPlugin(outcome, name)) return undefined;
  const pluginId = id ?? `${name}@${name}`;
  const configFile = join(outcome.root, CODEX_CONFIG_FILE);
  const codexHome = resolve(options.env.CODEX_HOME || join(outcome.root, '.codex'));
  const elsewhere =
    wanted && codexHome !== resolve(outcome.root, '.codex')
      ? {
          problem: `CODEX_HOME is ${codexHome}, so Codex does not load the plugin installed in ${join(outcome.root, '.codex')}`,
        }
      : {};
  const text = await readText(configFile);
  const state = text === undefined ? 'absent' : pluginTomlState(text, pluginId);
  const report = (enabled: boolean, change: CodexPluginActivation['change'], extra = {}) => ({
    id: pluginId,
    configFile,
    enabled,
    change,
    ...elsewhere,
    ...extra,
  });
  if (!wanted) {
    if (state !== 'enabled-by-skillpack' || outcome.status === 'planned') return report(false, 'none');
    await replaceText(configFile, text, withoutPluginTable(text ?? '', pluginId));
    return report(false, 'removed');
  }
  if (state === 'enabled-by-skillpack') return report(true, 'none');
  if (state === 'configured-by-user') {
    return report(false, 'none', {
      problem: `${configFile} already configures ${pluginId}; skillpack leaves it as it is (Codex loads the plugin only with enabled = true)`,
    });
  }
  if (!options.consent || outcome.status === 'planned') {
    return report(false, 'none', { configToml: pluginTable(pluginId) });
  }
  await replaceText(configFile, text, withPluginTable(text ?? '', pluginId));
  return report(true, 'added');
}
