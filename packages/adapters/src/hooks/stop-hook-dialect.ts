import type { RuntimeId } from '../runtime-id.js';
import type { StopHookOptions, StopHookResult } from './handle-stop-hook.js';
import type { StopHookRuntime } from './stop-event.js';
import type { StopHookHosts } from './stop-hook-hosts.js';
import type { StopHookOutput } from './stop-hook-output.js';

/**
 * A runtime's Stop-hook dialect: what `skillpack-hook <runtime>` reads and prints. The hook engine receives
 * it as a value; each runtime declares its own in `src/<runtime>/stop-hook-dialect.ts`.
 */
export interface StopHookDialect {
  /** Validate and normalise the hook's stdin payload, and read its transcript when the payload has no answer. */
  readonly input: StopHookRuntime;
  /** The one JSON document printed at exit 0. */
  renderOutput(output: StopHookOutput): string;
  /** Whether the runtime treats exit 2 as a push-back (skillpack-hook always exits 0 and prints JSON). */
  readonly exitTwoPushesBack: boolean;
  /**
   * Decides a stop itself, for a runtime whose answer needs more than the payload and its transcript give
   * (Copilot: the transcript read up to this stop's own event). Default: `handleStopHook(input, …)`.
   */
  decide?(payload: unknown, options: StopHookOptions): Promise<StopHookResult>;
  /**
   * The other runtimes' hooks this runtime also runs, with how a hook process tells (its environment and
   * payload) that it runs under this runtime rather than theirs: such a stop is decided by this dialect.
   */
  readonly hosts?: StopHookHosts;
}

/** The dialects a hook process may speak, passed to the hook engine by its entry (the registry stands above it). */
export interface HookDialects {
  /** The runtimes with a Stop hook, in `RUNTIME_IDS` order. */
  readonly ids: readonly RuntimeId[];
  /** The dialect of one of `ids`. */
  dialect(runtime: RuntimeId): StopHookDialect;
  /** The dialect of another runtime that runs `runtime`'s hooks, when the environment or payload shows it does. */
  hosting(runtime: RuntimeId, env: NodeJS.ProcessEnv, payload: unknown): StopHookDialect | undefined;
}
