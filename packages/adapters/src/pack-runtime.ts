/**
 * What a generated pack's hook and OpenCode plugin are bundled from (by `skillpack build`, when the pack
 * carries contracts of its own): the hook program, its code-cache loader, and the plugin factory.
 */

export type { CodeCacheUse } from './bin/code-cache.js';
export { PROGRAM_END, PROGRAM_START, runWithCodeCache } from './bin/code-cache.js';
export type { HookProgram } from './bin/hook-program.js';
export { startHookProgram } from './bin/hook-program.js';
export { packContractsOf } from './bin/pack-contracts.js';
export { createPackPlugin } from './opencode/plugin-entry.js';
