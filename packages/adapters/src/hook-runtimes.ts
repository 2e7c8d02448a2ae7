import { hookUsage } from './hooks/hook-args.js';
import type { HookDialects, StopHookDialect } from './hooks/stop-hook-dialect.js';
import { RUNTIME_IDS, type RuntimeId } from './runtime-id.js';
import { STOP_HOOK_DIALECTS } from './stop-hook-dialects.js';

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

/**
 * The dialect of the runtime a `skillpack-hook <runtime>` process actually runs under, when that is another
 * runtime which also runs `runtime`'s hooks (its declaration's `hosts`) and says so in the environment or
 * payload; `undefined` when the hook runs under `runtime` itself.
 */
export function hostingDialect(
  runtime: HookRuntimeId,
  env: NodeJS.ProcessEnv,
  payload: unknown,
): StopHookDialect | undefined {
  for (const id of HOOK_RUNTIME_IDS) {
    const dialect: StopHookDialect = STOP_HOOK_DIALECTS[id];
    if (id !== runtime && dialect.hosts?.runtimes.includes(runtime) && dialect.hosts.detect(env, payload))
      return dialect;
  }
  return undefined;
}

/** The dialects as the hook engine takes them: `skillpack-hook`'s entry passes them in. */
export const HOOK_DIALECTS: HookDialects = {
  ids: HOOK_RUNTIME_IDS,
  dialect: (runtime) => {
    if (!isHookRuntimeId(runtime)) throw new Error(`${runtime} has no Stop-hook dialect.`);
    return STOP_HOOK_DIALECTS[runtime];
  },
  hosting: (runtime, env, payload) =>
    isHookRuntimeId(runtime) ? hostingDialect(runtime, env, payload) : undefined,
};

/** The `skillpack-hook --help` text. */
export const HOOK_USAGE = hookUsage(HOOK_RUNTIME_IDS);
