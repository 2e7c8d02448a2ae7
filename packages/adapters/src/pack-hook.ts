/**
 * What a generated pack's Stop hook program starts from (bundled by `skillpack build`): the fast path that
 * decides a satisfied stop with the validators the build generated, loading no zod, and the whole hook
 * (`startHookProgram` with the pack's contract modules) behind a dynamic `import()` for every other stop;
 * and the code-cache loader the program is carried behind. Nothing it imports loads zod.
 *
 * @internal Plumbing for skill-gen's pack bundles, not public API: it may change in any release.
 */
import type { FastStopTables } from './bin/fast-stop-program.js';
import { startFastStopHook } from './bin/fast-stop-program.js';
import type { HookProgram } from './bin/hook-program.js';
import type { LazyContractModule } from './hooks/lazy-contract-modules.js';

export { runWithCodeCache } from './bin/code-cache.js';
export type { FastStopTables } from './bin/fast-stop-program.js';

/** Start a pack's Stop hook: `tables` from the build (`fastStopTablesSource`), `modules` its contract modules. */
export function startPackHook(tables: FastStopTables, modules: readonly LazyContractModule[]): HookProgram {
  return startFastStopHook(tables, (handover) =>
    import('./bin/whole-pack-hook.js').then((whole) => whole.startWholePackHook(modules, handover)),
  );
}
