import { type AnyContract, ConfigError, createContractRegistry, ok, type Result } from '@skillpack/core';
import { createOpenCodePlugin } from './plugin.js';
import { loadOpenCodePluginConfig, pluginConfigUrl, safeParseOpenCodePluginConfig } from './plugin-config.js';
import type { OpenCodeHooks, OpenCodePlugin } from './plugin-types.js';

/** A pack's own contracts: given, or imported when the plugin starts (a generated pack's modules). */
export type PackContractSource =
  | readonly AnyContract[]
  | (() => Promise<Result<readonly AnyContract[], ConfigError>>);

/**
 * The plugin a pack drops into `.opencode/plugins/<pack>.js`, enforcing the built-ins plus `packContracts`
 * (a generated pack's own contracts). Its configuration comes from the options of an `opencode.json`
 * `"plugin"` entry when they name contracts, else from `<pack>.json` beside the bundle (`moduleUrl`). A pack
 * contract module that fails to load disables the plugin (logged, naming the module): the session goes on.
 */
export function createPackPlugin(moduleUrl: string, packContracts: PackContractSource = []): OpenCodePlugin {
  return async (input, options) => {
    const fromOptions = options && 'contracts' in options;
    const config = fromOptions
      ? safeParseOpenCodePluginConfig(options, 'The plugin options in opencode.json')
      : await loadOpenCodePluginConfig(pluginConfigUrl(moduleUrl));
    const disabled = (error: unknown): OpenCodeHooks => {
      const message = error instanceof Error ? error.message : String(error);
      void input.client.app
        .log({
          body: { service: 'skillpack', level: 'error', message: `skillpack plugin disabled: ${message}` },
        })
        .catch(() => undefined);
      return {};
    };
    if (!config.success) return disabled(config.error);
    const pack = typeof packContracts === 'function' ? await packContracts() : ok(packContracts);
    if (!pack.success) return disabled(pack.error);
    const registry = pack.data.length > 0 ? createContractRegistry(pack.data) : undefined;
    try {
      return await createOpenCodePlugin({ ...config.data, ...(registry ? { registry } : {}) })(input);
    } catch (error) {
      if (error instanceof ConfigError) return disabled(error);
      throw error;
    }
  };
}

/** The prebuilt plugin (built-in contracts). OpenCode calls every export of a plugin module: only this one. */
export const SkillpackContractsPlugin: OpenCodePlugin = createPackPlugin(import.meta.url);
