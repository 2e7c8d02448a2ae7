import { join, resolve } from 'node:path';
import { lockedRecord } from '../../install/install-step.js';
import type { InstallScope } from '../../install/layout.js';
import type { LockedInstall } from '../../install/lock-file.js';
import type { PlanAction } from '../../install/plan.js';
import {
  chainSettingsRemoval,
  currentSettings,
  type SettingsRemoval,
  writingSettings,
} from '../../install/settings-file.js';
import { CODEX_PLUGIN_RECORD, type LockedCodexPlugin } from './plugin-lock.js';
import { pluginTable, pluginTomlState } from './plugin-toml.js';
import { appendTable, findAppendedTable, withoutAppendedTable } from './toml-table.js';

export const CODEX_CONFIG_FILE = '.codex/config.toml';

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

/** The config.toml edit of an install (an action of its plan, so journaled), its lock record and its report. */
export interface CodexPluginPlan {
  readonly action?: PlanAction;
  readonly locked?: LockedCodexPlugin;
  readonly report: CodexPluginActivation;
}

/**
 * Take exactly what the install recorded out of config.toml; every other byte stays. A table the user changed
 * is theirs now (released, never rewritten); a file skillpack created that ends up empty is deleted.
 */
export function removeRecordedTable(text: string, locked: LockedCodexPlugin): SettingsRemoval {
  const next = withoutAppendedTable(text, pluginTable(locked.id), locked.prefix);
  if (next === undefined) return { kind: 'invalid' };
  return { kind: 'changed', text: next, deleteFile: locked.createdFile && next === '' };
}

/** The table appended to `text` (as `withPluginTable` writes it) and what the lock records of it. */
function addTable(text: string | undefined, id: string): { text: string; locked: LockedCodexPlugin } {
  const { text: next, prefix } = appendTable(text ?? '', pluginTable(id));
  return {
    text: next,
    locked: { file: CODEX_CONFIG_FILE, id, prefix, createdFile: text === undefined },
  };
}

/**
 * Plan the plugin's table in the user scope's `.codex/config.toml` for an install: added (with `consent`) as a
 * plan action and recorded in the lock, kept when the lock records it and it is there, else reported with the
 * exact lines. A table the user wrote (or disabled) is theirs: never recorded, never touched. `undefined` when
 * the install has nothing to do with a plugin. Reads the file; writes nothing.
 */
export async function planCodexPluginTable(input: {
  readonly scope: InstallScope;
  readonly root: string;
  readonly name: string;
  /** Whether this install puts the pack's plugin into Codex's plugin cache. */
  readonly plugin: boolean;
  readonly previous: LockedInstall | undefined;
  readonly consent: boolean;
  readonly env: NodeJS.ProcessEnv;
}): Promise<CodexPluginPlan | undefined> {
  const recorded = lockedRecord(input.previous, CODEX_PLUGIN_RECORD);
  if (input.scope !== 'user' || (!input.plugin && !recorded)) return undefined;
  const id = recorded?.id ?? `${input.name}@${input.name}`;
  const configFile = join(input.root, CODEX_CONFIG_FILE);
  const disk = await currentSettings(input.root, CODEX_CONFIG_FILE);
  const report = (enabled: boolean, change: CodexPluginActivation['change'], extra = {}) => ({
    id,
    configFile,
    enabled,
    change,
    ...extra,
  });
  if (!input.plugin) {
    // The pack switched to the standalone skills: its table goes with the plugin.
    const actions: PlanAction[] = [];
    await chainSettingsRemoval(input.root, actions, CODEX_CONFIG_FILE, (base) =>
      removeRecordedTable(base, recorded!),
    );
    const action = actions[0];
    const removing = action !== undefined && action.type !== 'release';
    return { ...(action ? { action } : {}), report: report(false, removing ? 'removed' : 'none') };
  }
  const codexHome = resolve(input.env.CODEX_HOME || join(input.root, '.codex'));
  const elsewhere =
    codexHome !== resolve(input.root, '.codex')
      ? {
          problem: `CODEX_HOME is ${codexHome}, so Codex does not load the plugin installed in ${join(input.root, '.codex')}`,
        }
      : {};
  if (disk.state.kind !== 'file' && disk.state.kind !== 'missing') {
    return {
      report: report(false, 'none', {
        ...elsewhere,
        problem: `${configFile} is not a regular file skillpack can read; add the table by hand`,
        configToml: pluginTable(id),
      }),
    };
  }
  const text = disk.text;
  if (recorded && text !== undefined && findAppendedTable(text, pluginTable(recorded.id), recorded.prefix))
    return { locked: recorded, report: report(true, 'none', elsewhere) };
  const state = text === undefined ? 'absent' : pluginTomlState(text, id);
  if (state === 'enabled-by-skillpack') return { report: report(true, 'none', elsewhere) };
  if (state === 'configured-by-user') {
    return {
      report: report(false, 'none', {
        ...elsewhere,
        problem: `${configFile} already configures ${id}; skillpack leaves it as it is (Codex loads the plugin only with enabled = true)`,
      }),
    };
  }
  if (!input.consent) return { report: report(false, 'none', { ...elsewhere, configToml: pluginTable(id) }) };
  const added = addTable(text, id);
  return {
    action: writingSettings(CODEX_CONFIG_FILE, added.text, disk.state),
    locked: added.locked,
    report: report(true, 'added', elsewhere),
  };
}

/** Take the tables the uninstalled installs recorded out of config.toml, chained onto the other edits. */
export async function planCodexPluginRemoval(
  root: string,
  installs: readonly LockedInstall[],
  actions: readonly PlanAction[],
): Promise<PlanAction[]> {
  const chained = [...actions];
  for (const install of installs) {
    const locked = lockedRecord(install, CODEX_PLUGIN_RECORD);
    if (locked)
      await chainSettingsRemoval(root, chained, locked.file, (base) => removeRecordedTable(base, locked));
  }
  return chained;
}

/** The uninstall's report of the tables it took out (or could not: the user changed them). */
export function codexPluginRemovalReport(
  root: string,
  installs: readonly LockedInstall[],
  actions: readonly PlanAction[],
  applied: boolean,
): CodexPluginActivation | undefined {
  const locked = installs
    .map((install) => lockedRecord(install, CODEX_PLUGIN_RECORD))
    .find((record) => record !== undefined);
  if (!locked) return undefined;
  const action = actions.find((candidate) => candidate.path === locked.file);
  const removing = applied && action !== undefined && action.type !== 'release' && action.type !== 'conflict';
  return {
    id: locked.id,
    configFile: join(root, locked.file),
    enabled: !removing && action?.type === 'release',
    change: removing ? 'removed' : 'none',
    ...(action?.type === 'release'
      ? {
          problem: `${join(root, locked.file)} no longer holds the table skillpack added; it is left as it is`,
        }
      : {}),
  };
}
