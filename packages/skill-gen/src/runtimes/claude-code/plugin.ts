// The Claude Code plugin form (`install --form plugin`): the pack's local marketplace (its
// `claude-code/.claude-plugin/marketplace.json` and `claude-code/plugin/`) is copied into
// `.claude/skillpack-plugins/<pack>/` of the scope root, and with `--activate` the scope's `.claude/settings.json`
// declares it (`extraKnownMarketplaces.<m>.source = { source: "directory", path }`) and enables the plugin
// (`enabledPlugins["<p>@<m>"] = true`), edited surgically. Claude Code 2.1.328 loads a directory marketplace's
// plugin from that path, once its own `claude plugin` commands have registered it in the home (README: "Claude
// Code as installed"). Pure: text in, text out.
import { isJsonObject } from '@skillpack/core';
import { removeMemberAt, setMemberAt } from '../../install/json-edit.js';
import type { InstallScope } from '../../install/layout.js';

/** The settings file the plugin is declared and enabled in, relative to the scope root (both scopes). */
export const PLUGIN_SETTINGS_FILE = '.claude/settings.json';

/** The pack paths of the local marketplace, and the folder (below the scope root) they are copied to. */
export const MARKETPLACE_SOURCES = ['claude-code/.claude-plugin/', 'claude-code/plugin/'] as const;
export const PLUGIN_FORM_ROOT = '.claude/skillpack-plugins/';

/** A plain name Claude accepts as a marketplace and plugin name, or `undefined`. */
export function pluginName(pack: string): string | undefined {
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(pack) ? pack : undefined;
}

/** The marketplace folder of a pack below the scope root, e.g. `.claude/skillpack-plugins/my-pack/`. */
export const marketplaceFolder = (name: string) => `${PLUGIN_FORM_ROOT}${name}/`;

/** Where a pack file of the plugin form lands, or `undefined` when it is not part of the marketplace. */
export function pluginTargetPath(name: string, packPath: string): string | undefined {
  const source = MARKETPLACE_SOURCES.find((prefix) => packPath.startsWith(prefix));
  if (source === undefined || packPath.length === source.length) return undefined;
  return marketplaceFolder(name) + packPath.slice('claude-code/'.length);
}

/** What the settings must hold for the plugin to be declared and enabled. */
export interface PluginWant {
  readonly marketplace: string;
  readonly plugin: string;
  /** The absolute marketplace folder, with `/` separators. */
  readonly path: string;
}

/** The keys skillpack added to the settings, and the containers it created for them. */
export interface PluginKeys {
  readonly marketplace: boolean;
  readonly enabled: boolean;
  readonly createdObjects: readonly ('extraKnownMarketplaces' | 'enabledPlugins')[];
}

export type PluginSettingsEdit =
  | { readonly kind: 'unchanged'; readonly added: PluginKeys }
  | { readonly kind: 'changed'; readonly text: string; readonly added: PluginKeys }
  | { readonly kind: 'invalid'; readonly detail: string };

export const pluginKey = (want: Pick<PluginWant, 'marketplace' | 'plugin'>) =>
  `${want.plugin}@${want.marketplace}`;

const marketplaceValue = (path: string) => ({ source: { source: 'directory', path } });

const INVALID = (detail: string): PluginSettingsEdit => ({
  kind: 'invalid',
  detail: `${detail}; skillpack leaves it as it is`,
});

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const json: unknown = JSON.parse(text);
    return isJsonObject(json) ? json : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Declare the marketplace and enable the plugin in the settings `text` (undefined: no file yet). A key a person
 * already set to the same value is left and not owned; one set to something else is a conflict (`invalid`), and
 * so is a text that is not a plain JSON object (comments included). `recorded`: what an earlier install added.
 */
export function mergePluginSettings(
  text: string | undefined,
  want: PluginWant,
  recorded: PluginKeys | undefined,
): PluginSettingsEdit {
  const key = pluginKey(want);
  if (text === undefined) {
    const created = {
      extraKnownMarketplaces: { [want.marketplace]: marketplaceValue(want.path) },
      enabledPlugins: { [key]: true },
    };
    return {
      kind: 'changed',
      text: `${JSON.stringify(created, null, 2)}\n`,
      added: {
        marketplace: true,
        enabled: true,
        createdObjects: ['extraKnownMarketplaces', 'enabledPlugins'],
      },
    };
  }
  const json = parseObject(text);
  if (json === undefined) return INVALID('it is not plain JSON (comments are not JSON)');
  let current = text;
  const createdObjects = [...(recorded?.createdObjects ?? [])];
  const place = (
    object: 'extraKnownMarketplaces' | 'enabledPlugins',
    member: string,
    value: unknown,
    owned: boolean,
  ): boolean | string => {
    const container = json[object];
    if (container !== undefined && !isJsonObject(container)) return `\`${object}\` is not an object`;
    const existing = container?.[member];
    if (existing !== undefined) {
      if (JSON.stringify(existing) === JSON.stringify(value)) return owned;
      if (!owned) return `\`${object}.${member}\` is already set to something else`;
      const without = removeMemberAt(current, [object], member, false);
      if (without === undefined) return `\`${object}.${member}\` could not be edited`;
      current = without;
    }
    if (container === undefined) createdObjects.push(object);
    const next = setMemberAt(current, [object], member, value);
    if (next === undefined) return `\`${object}\` could not be edited`;
    current = next;
    return true;
  };
  const marketplace = place(
    'extraKnownMarketplaces',
    want.marketplace,
    marketplaceValue(want.path),
    recorded?.marketplace ?? false,
  );
  if (typeof marketplace === 'string') return INVALID(marketplace);
  const enabled = place('enabledPlugins', key, true, recorded?.enabled ?? false);
  if (typeof enabled === 'string') return INVALID(enabled);
  const added = { marketplace, enabled, createdObjects: [...new Set(createdObjects)] };
  return current === text ? { kind: 'unchanged', added } : { kind: 'changed', text: current, added };
}

/**
 * Take out what `mergePluginSettings` added (`recorded`), and the containers it created once they are empty, so
 * the text is the one before install byte for byte. A member a person changed since stays. `deleteFile`: the
 * text is an empty object (skillpack created the file and nothing else is in it).
 */
export function removePluginSettings(
  text: string,
  want: PluginWant,
  recorded: PluginKeys,
  createdFile: boolean,
):
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'changed'; readonly text: string; readonly deleteFile: boolean }
  | { readonly kind: 'invalid'; readonly detail: string } {
  const json = parseObject(text);
  if (json === undefined) return { kind: 'invalid', detail: 'it is not plain JSON' };
  let current = text;
  const take = (object: 'extraKnownMarketplaces' | 'enabledPlugins', member: string) => {
    const container = parseObject(current)?.[object];
    if (!isJsonObject(container) || container[member] === undefined) return;
    const next = removeMemberAt(current, [object], member, recorded.createdObjects.includes(object));
    if (next !== undefined) current = next;
  };
  const enabledValue = isJsonObject(json.enabledPlugins) ? json.enabledPlugins[pluginKey(want)] : undefined;
  if (recorded.enabled && enabledValue === true) take('enabledPlugins', pluginKey(want));
  const declared = isJsonObject(json.extraKnownMarketplaces)
    ? json.extraKnownMarketplaces[want.marketplace]
    : undefined;
  const same = JSON.stringify(declared) === JSON.stringify(marketplaceValue(want.path));
  if (recorded.marketplace && same) take('extraKnownMarketplaces', want.marketplace);
  if (current === text) return { kind: 'unchanged' };
  const left = parseObject(current);
  return {
    kind: 'changed',
    text: current,
    deleteFile: createdFile && left !== undefined && Object.keys(left).length === 0,
  };
}

/** The exact commands that register and enable the plugin, as a user without `--activate` is told. */
export function pluginSteps(
  scope: InstallScope,
  root: string,
  want: PluginWant,
  claude = 'claude',
): string[] {
  const quote = (value: string) =>
    /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
  return [
    `cd ${quote(root)}`,
    `${quote(claude)} plugin marketplace add ${quote(want.path)} --scope ${scope}`,
    `${quote(claude)} plugin install ${quote(pluginKey(want))} --scope ${scope}`,
  ];
}
