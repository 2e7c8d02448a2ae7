import type { RuntimeId } from '../runtime-id.js';

/**
 * The other runtimes' Stop hooks a runtime also runs, with how a hook process tells (its environment and
 * payload) that it runs under this runtime rather than theirs. Plain code: the hook's fast path reads it too.
 */
export interface StopHookHosts {
  readonly runtimes: readonly RuntimeId[];
  detect(env: NodeJS.ProcessEnv, payload: unknown): boolean;
}
