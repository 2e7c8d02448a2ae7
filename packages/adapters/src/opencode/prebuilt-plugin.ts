import { loadContracts } from '../hooks/load-contracts.js';
import { createPackPlugin } from './plugin-entry.js';

/**
 * The adapters' prebuilt plugin (every built-in contract, each family loaded when a configured id asks for
 * it). OpenCode calls every export of a plugin module: this is the only one.
 */
export const SkillpackContractsPlugin = createPackPlugin(import.meta.url, (ids) => loadContracts(ids));
