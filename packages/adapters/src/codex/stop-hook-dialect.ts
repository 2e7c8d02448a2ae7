import { renderStopHookOutput } from '../hooks/stop-hook-output.js';
import type { StopHookDialect } from '../runtime-declaration.js';
import { codexStopHook } from './stop-hook.js';

/** Codex's Stop hook: Codex's payload in, the Claude-shaped decision JSON out. */
export const codexStopHookDialect = {
  input: codexStopHook,
  renderOutput: renderStopHookOutput,
  exitTwoPushesBack: true,
  // Codex transcripts are rollout files, not `exec --json`; the reader detects what it can.
  transcript: 'detect',
} as const satisfies StopHookDialect;
