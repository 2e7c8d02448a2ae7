/**
 * What a generated pack's Stop hook program starts from (bundled by `skillpack build`): the fast path that
 * decides a satisfied stop with the validators the build generated, loading no zod, and hands every other
 * stop to the whole hook (`startHookProgram` with the pack's contract modules), the second program the hook
 * file carries, loaded with a code cache of its own; and the code-cache loader the programs are carried
 * behind. Likewise the pack's OpenCode plugin and Pi extension factories, which load the whole
 * (`@skillpack/adapters/pack-runtime`, the second program the module carries) only for an answer the
 * validators cannot prove satisfied. Nothing it imports loads zod.
 *
 * @internal Plumbing for skill-gen's pack bundles, not public API: it may change in any release.
 */

import { loadWithCodeCache } from './bin/code-cache.js';
import type { FastStopTables } from './bin/fast-stop-program.js';
import { startFastStopHook } from './bin/fast-stop-program.js';
import type { HookHandover, HookProgram } from './bin/hook-program.js';
import { SECOND_PROGRAM_START } from './bin/program-markers.js';

export { carriedWholeRuntime } from './bin/carried-whole.js';
export { runWithCodeCache } from './bin/code-cache.js';
export type { FastStopTables } from './bin/fast-stop-program.js';
export type { HookHandover, HookProgram } from './bin/hook-program.js';
export type { ContractValidators } from './hooks/fast-answer.js';
export type { WholePackRuntime } from './hooks/whole-pack-runtime.js';
export { createFastPackPlugin } from './opencode/fast-plugin-entry.js';
export { createFastPiPackExtension } from './pi/fast-extension-entry.js';

/**
 * Start a pack's Stop hook: `tables` from the build (`fastStopTablesSource`); `file`, the hook file, whose
 * second program exports `start(handover)`, the whole hook.
 */
export function startPackHook(tables: FastStopTables, file: string): HookProgram {
  return startFastStopHook(tables, async (handover) => {
    const whole = loadWithCodeCache(file, process.env, SECOND_PROGRAM_START).exports;
    if (typeof whole.start !== 'function') throw new Error(`${file} carries no whole hook.`);
    return (whole.start as (handover: HookHandover) => HookProgram)(handover);
  });
}
