import type { StopHookDialect } from '../hooks/stop-hook-dialect.js';
import { renderStopHookOutput } from '../hooks/stop-hook-output.js';
import { geminiCliStopHook, handleGeminiCliStop } from './stop-hook.js';

/** Gemini CLI's AfterAgent hook: its payload in, the Claude-shaped decision JSON out. */
export const geminiCliStopHookDialect = {
  input: geminiCliStopHook,
  renderOutput: renderStopHookOutput,
  // Exit 2 with the reason on stderr pushes back too (captured); skillpack-hook prints JSON at exit 0.
  exitTwoPushesBack: true,
  // The AfterAgent payload's prompt_response is cumulative: the answer is the session transcript's last
  // model message, and a tool-delivered contract's submit calls are the calls of the turn its `prompt` began
  // (transcript.ts), read together.
  decide: handleGeminiCliStop,
} as const satisfies StopHookDialect;
