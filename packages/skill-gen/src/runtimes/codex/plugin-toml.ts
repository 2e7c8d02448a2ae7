/**
 * The one table `skillpack install` adds to Codex's config.toml to enable a plugin it put into Codex's plugin
 * cache, and takes out again on uninstall: surgical text edits (every other byte of the file stays as it was),
 * pure functions. Codex 0.169 loads `$CODEX_HOME/plugins/cache/<marketplace>/<plugin>/<version>/` only while
 * `[plugins."<plugin>@<marketplace>"] enabled = true` (checked against the pinned CLI).
 */
import { appendTable } from './toml-table.js';

/** The lines skillpack writes, exactly; uninstall removes only these bytes. */
export function pluginTable(id: string): string {
  return `[plugins.${JSON.stringify(id)}]\nenabled = true\n`;
}

/** What config.toml already says about the plugin. */
export type PluginTomlState =
  /** skillpack's own table is there, byte for byte. */
  | 'enabled-by-skillpack'
  /** The file names the plugin some other way (the user's own table, `enabled = false`, a dotted key). */
  | 'configured-by-user'
  | 'absent';

export function pluginTomlState(text: string, id: string): PluginTomlState {
  const table = pluginTable(id);
  if (text === table || text.startsWith(table) || text.includes(`\n${table}`)) return 'enabled-by-skillpack';
  return text.includes(JSON.stringify(id)) || text.includes(`'${id}'`) ? 'configured-by-user' : 'absent';
}

/** The file with skillpack's table appended (after one blank line when the file has content). */
export function withPluginTable(text: string, id: string): string {
  return appendTable(text, pluginTable(id)).text;
}

/** The file without skillpack's table (and the blank line `withPluginTable` put before it); unchanged if absent. */
export function withoutPluginTable(text: string, id: string): string {
  const table = pluginTable(id);
  if (text === table) return '';
  if (text.startsWith(table)) return text.slice(table.length).replace(/^\n/, '');
  for (const separated of [`\n\n${table}`, `\n${table}`]) {
    const at = text.indexOf(separated);
    if (at >= 0) return text.slice(0, at + 1) + text.slice(at + separated.length);
  }
  return text;
}
