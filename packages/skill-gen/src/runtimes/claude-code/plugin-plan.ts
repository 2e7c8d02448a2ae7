import { lockedRecord } from '../../install/install-step.js';
import type { InstallScope } from '../../install/layout.js';
import type { LockedInstall } from '../../install/lock-file.js';
import type { PlanAction } from '../../install/plan.js';
import type { PluginFormReport } from '../../install/plugin-form-report.js';
import { chainSettingsRemoval, currentSettings, writingSettings } from '../../install/settings-file.js';
import {
  marketplaceFolder,
  mergePluginSettings,
  PLUGIN_SETTINGS_FILE,
  type PluginWant,
  pluginKey,
  pluginSteps,
  removePluginSettings,
} from './plugin.js';
import { CLAUDE_PLUGIN_RECORD, type LockedClaudePlugin } from './plugin-lock.js';

export type { PluginFormReport };

export interface PluginFormPlan {
  /** The settings action: the hook configuration's, with the plugin's keys merged in when `--activate`. */
  readonly hookAction?: PlanAction;
  readonly locked?: LockedClaudePlugin;
  readonly report: PluginFormReport;
  readonly want: PluginWant;
}

const absolute = (root: string, folder: string) =>
  `${root.replaceAll('\\', '/').replace(/\/$/, '')}/${folder.replace(/\/$/, '')}`;

/** The marketplace and plugin of a pack installed in a scope root. */
export function pluginWant(root: string, name: string): PluginWant {
  return { marketplace: name, plugin: name, path: absolute(root, marketplaceFolder(name)) };
}

/** Plan the plugin form's settings edit (made only when `activate`; reported either way). */
export async function planPluginForm(input: {
  readonly scope: InstallScope;
  readonly root: string;
  readonly name: string;
  readonly previous: LockedInstall | undefined;
  readonly activate: boolean;
  readonly hookAction: PlanAction | undefined;
  readonly claude?: string;
}): Promise<PluginFormPlan> {
  const file = PLUGIN_SETTINGS_FILE;
  const want = pluginWant(input.root, input.name);
  const keepHook = input.hookAction ? { hookAction: input.hookAction } : {};
  const recorded = lockedRecord(input.previous, CLAUDE_PLUGIN_RECORD);
  const disk = await currentSettings(input.root, file);
  const sameFile = input.hookAction?.path === file ? input.hookAction : undefined;
  const base =
    sameFile && (sameFile.type === 'write' || sameFile.type === 'replace') ? sameFile.content : disk.text;
  const report = (active: boolean): PluginFormReport => ({
    form: 'plugin',
    plugin: pluginKey(want),
    folder: want.path,
    settingsFile: `${absolute(input.root, file)}`,
    active,
    steps: pluginSteps(input.scope, input.root, want, input.claude),
  });
  const blocked =
    (sameFile && sameFile.type === 'conflict') ||
    (disk.state.kind !== 'file' && disk.state.kind !== 'missing');
  const probe = base === undefined ? undefined : mergePluginSettings(base, want, recorded?.added);
  const inPlace = probe?.kind === 'unchanged';
  if (!input.activate || blocked) {
    const locked = recorded ? { locked: recorded } : {};
    return { ...keepHook, ...locked, report: report(inPlace), want };
  }
  const edit = mergePluginSettings(base, want, recorded?.added);
  if (edit.kind === 'invalid') {
    const action: PlanAction = {
      type: 'conflict',
      path: file,
      reason: 'hook-config-invalid',
      detail: edit.detail,
    };
    return { hookAction: action, report: report(false), want };
  }
  const locked: LockedClaudePlugin = {
    file,
    createdFile: disk.state.kind === 'missing' || (recorded?.createdFile ?? false),
    marketplace: want.marketplace,
    plugin: want.plugin,
    added: { ...edit.added, createdObjects: [...edit.added.createdObjects] },
  };
  if (edit.kind === 'unchanged') return { ...keepHook, locked, report: report(true), want };
  // The hook configuration is the same file: the edit is chained onto (or takes the place of) its action, so the
  // permission rules of the user scope, which go there too, chain onto this one.
  return { hookAction: writingSettings(file, edit.text, disk.state), locked, report: report(true), want };
}

/** Take the keys uninstalled plugin forms added out of the settings, chained onto the other edits of the file. */
export async function planPluginFormRemoval(
  root: string,
  installs: readonly LockedInstall[],
  hookActions: readonly PlanAction[],
): Promise<PlanAction[]> {
  const actions = [...hookActions];
  for (const install of installs) {
    const locked = lockedRecord(install, CLAUDE_PLUGIN_RECORD);
    if (!locked) continue;
    await chainSettingsRemoval(root, actions, locked.file, (base) =>
      removePluginSettings(base, pluginWant(root, locked.marketplace), locked.added, locked.createdFile),
    );
  }
  return actions;
}
