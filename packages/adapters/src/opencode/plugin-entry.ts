import { ConfigError } from '@skillpack/core';
import { createOpenCodePlugin } from './plugin.js';
import { loadOpenCodePluginConfig, parseOpenCodePluginConfig, pluginConfigUrl } from './plugin-config.js';
import type { OpenCodeHooks, OpenCodePlugin } from './plugin-types.js';

/**
 * The prebuilt plugin a pack drops into `.opencode/plugins/<pack>.js`. Its configuration comes from the
 * options of an `opencode.json` `"plugin"` entry when they name contracts, else from `<pack>.json` beside
 * this file. OpenCode calls every export of a plugin module, so this module exports nothing else.
 */
export const SkillpackContractsPlugin: OpenCodePlugin = async (input, options) => {
  const fromOptions = options && 'contracts' in options;
  const config = fromOptions
    ? parseOpenCodePluginConfig(options, 'The plugin options in opencode.json')
    : await loadOpenCodePluginConfig(pluginConfigUrl(import.meta.url));
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
    return await createOpenCodePlugin(config.data)(input);
  } catch (error) {
    if (error instanceof ConfigError) return disabled(error);
    throw error;
  }
};
