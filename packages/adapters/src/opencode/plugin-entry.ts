import { ConfigError } from '@skillpack/core';
import type { ContractLoader } from '../hooks/load-contracts.js';
import { createOpenCodePluginWith } from './plugin.js';
import { loadOpenCodePluginConfig, pluginConfigUrl, safeParseOpenCodePluginConfig } from './plugin-config.js';
import type { OpenCodeHooks, OpenCodePlugin } from './plugin-types.js';

/**
 * The plugin a pack drops into `.opencode/plugins/<pack>.js`, enforcing the contracts `load` finds (the
 * built-ins for the adapters' prebuilt plugin; a generated pack's plugin is `createFastPackPlugin`, which
 * loads this one, with only the contracts it carries, for an answer its validators cannot prove). Its configuration comes from the options of an `opencode.json`
 * `"plugin"` entry when they name contracts, else from `<pack>.json` beside the bundle (`moduleUrl`). A
 * contract it does not know, or a pack contract module that fails to load, disables the plugin (logged,
 * naming the contract or the module): the session goes on.
 */
export function createPackPlugin(moduleUrl: string, load: ContractLoader): OpenCodePlugin {
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
      return await createOpenCodePluginWith(config.data, load)(input);
    } catch (error) {
      if (error instanceof ConfigError) return disabled(error);
      throw error;
    }
  };
}
