import type { StopHookDialect } from '../hooks/stop-hook-dialect.js';
import { renderStopHookOutput } from '../hooks/stop-hook-output.js';
import { claudeCodeStopHook } from './stop-hook.js';

/** Claude Code's Stop / SubagentStop hook: Claude's payload in, Claude's decision JSON out. */
export const claudeCodeStopHookDialect = {
  input: claudeCodeStopHook,
  renderOutput: renderStopHookOutput,
  exitTwoPushesBack: true,
} as const satisfies StopHookDialect;
