export type { RuntimeId } from './runtime-id.js';
export { isRuntimeId, RUNTIME_IDS } from './runtime-id.js';
