import { renderStopHookOutput } from '../hooks/stop-hook-output.js';
import type { StopHookDialect } from '../runtime-declaration.js';
import { claudeCodeStopHook } from './stop-hook.js';

/** Claude Code's Stop / SubagentStop hook: Claude's payload in, Claude's decision JSON out. */
export const claudeCodeStopHookDialect = {
  input: claudeCodeStopHook,
  renderOutput: renderStopHookOutput,
  exitTwoPushesBack: true,
  transcript: 'runtime',
} as const satisfies StopHookDialect;
