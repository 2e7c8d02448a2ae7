import type { LazyContractModule } from '../hooks/lazy-contract-modules.js';
import { lazyPackContractLoader } from '../hooks/lazy-contract-modules.js';
import { type HookHandover, type HookProgram, startHookProgram } from './hook-program.js';

/** The whole hook of a pack, for a stop its fast path handed over: the pack's contracts, loaded lazily. */
export function startWholePackHook(
  modules: readonly LazyContractModule[],
  handover: HookHandover,
): HookProgram {
  return startHookProgram(lazyPackContractLoader(modules), handover);
}
