import type { ContractLoader } from '../hooks/load-contracts.js';
import { createPiExtensionWith } from './extension.js';
import { extensionConfigUrl, loadPiExtensionConfig } from './extension-config.js';
import type { PiExtensionFactory } from './extension-types.js';

/**
 * The extension a pack installs as `<pack>.js` in `.pi/extensions/` or `~/.pi/agent/extensions/`, enforcing
 * the contracts `load` finds, configured by `<pack>.json` beside it (`moduleUrl`). A configuration that is
 * missing or wrong, or a contract it does not know, fails the load: Pi 1.6.0 then exits 1 before any request,
 * so a pack that cannot enforce never runs unenforced.
 */
export function createPiPackExtension(moduleUrl: string, load: ContractLoader): PiExtensionFactory {
  return async (pi) => {
    const config = await loadPiExtensionConfig(extensionConfigUrl(moduleUrl));
    if (!config.success) throw config.error;
    await createPiExtensionWith(config.data, load)(pi);
  };
}
