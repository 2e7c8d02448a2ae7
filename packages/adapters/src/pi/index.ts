import type { RuntimeId } from '../runtime-id.js';

/** The runtime id this subpath reads: `pi`. */
export const RUNTIME_ID = 'pi' satisfies RuntimeId;
export type { PiExtensionOptions } from './extension.js';
export { createPiExtension } from './extension.js';
export type { PiExtensionApiLike, PiExtensionFactory } from './extension-types.js';
export { readPiRun } from './read.js';
export { unwrapPiLine } from './unwrap.js';
