import type { StopHookDialect } from '../runtime-declaration.js';
import { RUNTIME_IDS, type RuntimeId } from '../runtime-id.js';
import { STOP_HOOK_DIALECTS } from '../stop-hook-dialects.js';

type Dialects = typeof STOP_HOOK_DIALECTS;

/** A runtime whose Stop / SubagentStop hooks `skillpack-hook` serves: one with a dialect in `STOP_HOOK_DIALECTS`. */
export type HookRuntimeId = {
  [R in RuntimeId]: Dialects[R] extends undefined ? never : R;
}[RuntimeId];

/** The runtimes whose Stop / SubagentStop hooks `skillpack-hook` serves, in `RUNTIME_IDS` order. */
export const HOOK_RUNTIME_IDS: readonly HookRuntimeId[] = RUNTIME_IDS.filter(
  (id): id is HookRuntimeId => STOP_HOOK_DIALECTS[id] !== undefined,
);

export function isHookRuntimeId(value: unknown): value is HookRuntimeId {
  return typeof value === 'string' && (HOOK_RUNTIME_IDS as readonly string[]).includes(value);
}

/** The Stop-hook dialect of a hook runtime. */
export function stopHookDialect(runtime: HookRuntimeId): StopHookDialect {
  return STOP_HOOK_DIALECTS[runtime];
}
