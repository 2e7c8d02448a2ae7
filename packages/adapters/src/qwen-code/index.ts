import type { RuntimeId } from '../runtime-id.js';
import { QWEN_CODE_RUNTIME } from './stream-json.js';

/** The runtime id this subpath reads: `qwen-code`. */
export const RUNTIME_ID: RuntimeId = QWEN_CODE_RUNTIME;
export { readQwenCodeRun } from './read.js';
export type { QwenCodeStopHookInput } from './stop-hook.js';
export { handleQwenCodeStop, parseQwenCodeStopInput, qwenCodeStopHook } from './stop-hook.js';
