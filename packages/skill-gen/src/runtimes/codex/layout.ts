/** Where Codex 0.169 keeps installed plugins, below `$CODEX_HOME` (`<home>/.codex` in the user scope). */
export const CODEX_PLUGIN_CACHE = '.codex/plugins/cache/';

/** The pack folder of the Codex plugin (`skillpack build` writes its marketplace next to it). */
export const CODEX_PLUGIN_SOURCE = 'codex/plugin/';

/** The pack folder of the standalone skills, absent from a `pluginOnly` pack. */
export const CODEX_SKILLS_SOURCE = 'codex/.agents/skills/';

/**
 * The folder (below the scope root) a pack's Codex hook program is installed in: `.codex/hooks/<pack>/`, in
 * both scopes (user scope: `~/.codex`, Codex's default `CODEX_HOME`). `undefined` for a pack name that is not
 * a plain file name once a leading `@` is dropped and `/` becomes `+` (`@acme/pack` → `acme+pack`).
 */
export function codexHookFolder(packName: string): string | undefined {
  const name = packName.replace(/^@/, '').replaceAll('/', '+');
  if (!/^[A-Za-z0-9._+-]+$/.test(name) || name === '.' || name === '..') return undefined;
  return `.codex/hooks/${name}/`;
}

/**
 * The folder (below the home) Codex 0.169 loads an installed plugin from: `.codex/plugins/cache/<marketplace>/
 * <plugin>/<version>/`, as `codex plugin add` writes it. skillpack's marketplace and plugin are both named after
 * the pack. `undefined` for a name or version that is not a plain file name (`@acme/pack` is refused: Codex
 * plugin names are plain).
 */
export function codexPluginFolder(packName: string, version: string): string | undefined {
  const plain = (value: string) => /^[A-Za-z0-9._-]+$/.test(value) && value !== '.' && value !== '..';
  if (!plain(packName) || !plain(version)) return undefined;
  return `${CODEX_PLUGIN_CACHE}${packName}/${packName}/${version}/`;
}
