import type { RuntimeId } from '../runtime-id.js';

/** The runtime id this subpath reads: `qwen-code`. */
export const RUNTIME_ID = 'qwen-code' satisfies RuntimeId;
export { readQwenCodeRun } from './read.js';
export type { QwenCodeStopHookInput, QwenCodeStopHookOptions } from './stop-hook.js';
export { handleQwenCodeStop, qwenCodeStopHook, safeParseQwenCodeStopInput } from './stop-hook.js';
export { unwrapQwenCodeLine } from './unwrap.js';
