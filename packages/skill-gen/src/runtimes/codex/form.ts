import { ConfigError, fail, ok, type Result } from '@skillpack/core';
import type { InstallScope } from '../../install/layout.js';
import type { PackFormChoice } from '../../install/pack-form.js';
import type { Manifest } from '../../pack/manifest.js';
import { CODEX_PLUGIN_SOURCE, CODEX_SKILLS_SOURCE, codexPluginFolder } from './layout.js';

/** How a pack is installed for Codex: as its plugin (`$<pack>:<skill>`) or as standalone skills (`$<skill>`). */
export const CODEX_FORMS = ['plugin', 'skills'] as const;
export type CodexForm = (typeof CODEX_FORMS)[number];

/** The plugin an install puts where Codex loads it, and the id Codex enables it by. */
export interface CodexPluginTarget {
  /** `<plugin>@<marketplace>`, the key of `[plugins."…"]` in config.toml. */
  readonly id: string;
  /** Below the home: `.codex/plugins/cache/<marketplace>/<plugin>/<version>/`. */
  readonly folder: string;
}

const PLUGIN_MANIFEST = `${CODEX_PLUGIN_SOURCE}.codex-plugin/plugin.json`;

/** The standalone skills' folder, in both scopes. */
const CODEX_SKILLS_FOLDER = '.agents/skills/';

/** The skills of the pack's Codex plugin (`codex/plugin/skills/<name>/SKILL.md`), sorted. */
function pluginSkillNames(manifest: Manifest): string[] {
  const prefix = `${CODEX_PLUGIN_SOURCE}skills/`;
  return manifest.files
    .map((entry) => entry.path)
    .filter((path) => path.startsWith(prefix) && path.endsWith('/SKILL.md'))
    .map((path) => path.slice(prefix.length, -'/SKILL.md'.length))
    .filter((name) => !name.includes('/'))
    .sort();
}

/**
 * Decide the Codex form of an install. Default: the plugin when the pack has one and the scope is the user's
 * (Codex 0.169 loads plugins only from `$CODEX_HOME/plugins/cache`, which is per user), else the skills.
 * A pack built `pluginOnly` (a plugin and no standalone skills) is refused the skills form, with the reason.
 * Pure: the manifest says whether the pack has a plugin and standalone skills.
 */
export function resolveCodexForm(
  manifest: Manifest,
  scope: InstallScope,
  requested: CodexForm | undefined,
): Result<{ form: 'skills' } | { form: 'plugin'; plugin: CodexPluginTarget }, ConfigError> {
  const hasPlugin = manifest.files.some((entry) => entry.path === PLUGIN_MANIFEST);
  const hasSkills = manifest.files.some((entry) => entry.path.startsWith(CODEX_SKILLS_SOURCE));
  const pluginOnly = hasPlugin && !hasSkills;
  const form = requested ?? (hasPlugin && (scope === 'user' || pluginOnly) ? 'plugin' : 'skills');
  const { name, version } = manifest.pack;
  if (form === 'skills' && pluginOnly) return fail(pluginOnlyError(manifest, scope));
  if (form === 'skills') return ok({ form });
  if (!hasPlugin) {
    return fail(
      new ConfigError(
        'pack_codex_plugin_missing',
        `The pack ${name}@${version} has no Codex plugin (${PLUGIN_MANIFEST}); install it with --codex-form skills, or build it with the codex target.`,
        { details: { pack: name, expected: PLUGIN_MANIFEST } },
      ),
    );
  }
  if (scope !== 'user') {
    if (pluginOnly && requested === undefined) return fail(pluginOnlyError(manifest, scope));
    return fail(
      new ConfigError(
        'codex_plugin_scope',
        `Codex 0.169 loads plugins only from $CODEX_HOME/plugins/cache, which belongs to the user: install the plugin with --scope user, or the standalone skills into this project with --codex-form skills.`,
        { details: { pack: name, scope } },
      ),
    );
  }
  const folder = codexPluginFolder(name, version);
  if (folder === undefined) {
    return fail(
      new ConfigError(
        'codex_plugin_name_invalid',
        `The pack name ${JSON.stringify(name)} or version ${JSON.stringify(version)} cannot name a Codex plugin folder (letters, digits, '.', '_' and '-' only); install it with --codex-form skills.`,
        { details: { pack: name, version } },
      ),
    );
  }
  return ok({ form, plugin: { id: `${name}@${name}`, folder } });
}

/** Why a `pluginOnly` pack has no standalone-skills form, and how to install its plugin. */
function pluginOnlyError(manifest: Manifest, scope: InstallScope): ConfigError {
  const { name, version } = manifest.pack;
  const skills = pluginSkillNames(manifest);
  const selectors = skills.map((skill) => `$${name}:${skill}`).join(', ') || `$${name}:<skill>`;
  const bare = skills.map((skill) => `$${skill}`).join(', ') || '$<skill>';
  const how =
    scope === 'user'
      ? 'install it without --codex-form (the plugin form)'
      : 'install its plugin with --scope user (Codex 0.169 keeps plugins per user)';
  return new ConfigError(
    'codex_plugin_only',
    `The pack ${name}@${version} is plugin-only for Codex ("codex": {"pluginOnly": true}): its skills are selected only explicitly under the plugin's namespace (${selectors}), and a standalone skill in .agents/skills/ would be selected as a bare ${bare}, which the pack says is not an alias; ${how}.`,
    { details: { pack: name, scope, skills, selectors: skills.map((skill) => `$${name}:${skill}`) } },
  );
}

/** Where a pack file of the Codex plugin lands, or `undefined` when it is not part of the plugin. */
export function codexPluginPath(plugin: CodexPluginTarget, packPath: string): string | undefined {
  if (!packPath.startsWith(CODEX_PLUGIN_SOURCE) || packPath.length === CODEX_PLUGIN_SOURCE.length)
    return undefined;
  return plugin.folder + packPath.slice(CODEX_PLUGIN_SOURCE.length);
}

/** The install options Codex's form reads (`--codex-form`). */
export interface CodexFormOptions {
  /** The plugin or the standalone skills; default: see `resolveCodexForm`, and an install's earlier form. */
  readonly codexForm?: CodexForm;
}

/**
 * Codex's choice of form. The default is sticky: a pack installed as standalone skills stays so on upgrade,
 * rather than turning into a plugin that Codex loads only once the user consents (`--codex-form plugin` switches).
 */
export const codexPackForm: PackFormChoice = {
  choose(manifest, scope, options, previous) {
    const given = (options as CodexFormOptions).codexForm;
    const wasSkills = previous?.files.some((file) => file.path.startsWith(CODEX_SKILLS_FOLDER));
    const chosen = resolveCodexForm(manifest, scope, given ?? (wasSkills ? 'skills' : undefined));
    if (!chosen.success) return chosen;
    if (chosen.data.form === 'skills') return ok(undefined);
    const { plugin } = chosen.data;
    return ok({ targetPath: (path) => codexPluginPath(plugin, path), wiresHook: true, value: plugin });
  },
};
