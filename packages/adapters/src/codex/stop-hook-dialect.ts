import type { StopHookDialect } from '../hooks/stop-hook-dialect.js';
import { renderStopHookOutput } from '../hooks/stop-hook-output.js';
import { codexStopHook } from './stop-hook.js';

/** Codex's Stop hook: Codex's payload in, the Claude-shaped decision JSON out. */
export const codexStopHookDialect = {
  input: codexStopHook,
  renderOutput: renderStopHookOutput,
  exitTwoPushesBack: true,
} as const satisfies StopHookDialect;
