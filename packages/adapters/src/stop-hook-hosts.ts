import { copilotCliStopHookHosts } from './copilot-cli/stop-hook-hosts.js';
import type { StopHookHosts } from './hooks/stop-hook-hosts.js';
import type { RuntimeId } from './runtime-id.js';

/**
 * The runtimes that run other runtimes' Stop hooks, each with its dialect's `hosts` (the same value). Kept
 * apart from `STOP_HOOK_DIALECTS`, whose payload schemas load zod, so a pack hook's fast path can tell a
 * hosted stop without loading any.
 */
export const STOP_HOOK_HOSTS: { readonly [R in RuntimeId]?: StopHookHosts } = {
  'copilot-cli': copilotCliStopHookHosts,
};
