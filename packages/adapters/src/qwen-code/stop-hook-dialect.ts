import type { StopHookDialect } from '../hooks/stop-hook-dialect.js';
import { renderStopHookOutput } from '../hooks/stop-hook-output.js';
import { qwenCodeStopHook } from './stop-hook.js';

/** Qwen Code's Claude-style Stop hook: its payload in, the Claude-shaped decision JSON out. */
export const qwenCodeStopHookDialect = {
  input: qwenCodeStopHook,
  renderOutput: renderStopHookOutput,
  exitTwoPushesBack: true,
  // The payload's last_assistant_message is the answer; the chat recording gives a tool-delivered one's calls.
} as const satisfies StopHookDialect;
