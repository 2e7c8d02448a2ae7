import type { RuntimeId } from '../runtime-id.js';

/** The runtime id this subpath reads: `claude-code`. */
export const RUNTIME_ID = 'claude-code' satisfies RuntimeId;
export { readClaudeCodeRun } from './read.js';
export type { ClaudeCodeStopHookInput } from './stop-hook.js';
export { claudeCodeStopHook, handleClaudeCodeStop } from './stop-hook.js';
export { unwrapClaudeCodeLine } from './unwrap.js';
