/**
 * What install reports of a plugin form enabled in a settings file (a marketplace plugin): the plugin, its
 * folder, whether it is enabled, and the steps.
 */
export interface PluginFormReport {
  readonly form: 'plugin';
  readonly plugin: string;
  readonly folder: string;
  readonly settingsFile: string;
  /** The settings declare and enable the plugin (added now or before). */
  readonly active: boolean;
  /** Run in order (or install again with `--activate`) to register and enable the plugin. */
  readonly steps: readonly string[];
}
