import type { StopHookDialect } from '../runtime-declaration.js';
import { RUNTIME_IDS, type RuntimeId } from '../runtime-id.js';
import { ADAPTER_RUNTIMES } from '../runtimes.js';

type Declarations = typeof ADAPTER_RUNTIMES;

/** A runtime whose Stop / SubagentStop hooks `skillpack-hook` serves: one whose declaration has a `stopHook`. */
export type HookRuntimeId = {
  [R in RuntimeId]: Declarations[R]['stopHook'] extends undefined ? never : R;
}[RuntimeId];

/** The runtimes whose Stop / SubagentStop hooks `skillpack-hook` serves, in `RUNTIME_IDS` order. */
export const HOOK_RUNTIME_IDS: readonly HookRuntimeId[] = RUNTIME_IDS.filter(
  (id): id is HookRuntimeId => ADAPTER_RUNTIMES[id].stopHook !== undefined,
);

export function isHookRuntimeId(value: unknown): value is HookRuntimeId {
  return typeof value === 'string' && (HOOK_RUNTIME_IDS as readonly string[]).includes(value);
}

/** The Stop-hook dialect of a hook runtime. */
export function stopHookDialect(runtime: HookRuntimeId): StopHookDialect {
  return ADAPTER_RUNTIMES[runtime].stopHook;
}
