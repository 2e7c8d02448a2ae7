import { loadContracts } from '../hooks/load-contracts.js';
import { createPiPackExtension } from './extension-entry.js';

/**
 * The adapters' prebuilt Pi extension (every built-in contract, each family loaded when a configured id asks
 * for it), configured by `<file>.json` beside the module. Pi loads a module's default export.
 */
export default createPiPackExtension(import.meta.url, (ids) => loadContracts(ids));
