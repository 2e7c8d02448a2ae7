import { type AnyContract, ConfigError, createContractRegistry } from '@skillpack/core';
import { createOpenCodePlugin } from './plugin.js';
import { loadOpenCodePluginConfig, pluginConfigUrl, safeParseOpenCodePluginConfig } from './plugin-config.js';
import type { OpenCodeHooks, OpenCodePlugin } from './plugin-types.js';

/**
 * The plugin a pack drops into `.opencode/plugins/<pack>.js`, enforcing the built-ins plus `packContracts`
 * (a generated pack's own contracts). Its configuration comes from the options of an `opencode.json`
 * `"plugin"` entry when they name contracts, else from `<pack>.json` beside the bundle (`moduleUrl`).
 */
export function createPackPlugin(
  moduleUrl: string,
  packContracts: readonly AnyContract[] = [],
): OpenCodePlugin {
  const registry = packContracts.length > 0 ? createContractRegistry(packContracts) : undefined;
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
