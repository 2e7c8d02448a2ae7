import { claudeCodeStopHookDialect } from './claude-code/stop-hook-dialect.js';
import { codexStopHookDialect } from './codex/stop-hook-dialect.js';
import { copilotCliStopHookDialect } from './copilot-cli/stop-hook-dialect.js';
import { geminiCliStopHookDialect } from './gemini-cli/stop-hook-dialect.js';
import type { StopHookDialect } from './hooks/stop-hook-dialect.js';
import { qwenCodeStopHookDialect } from './qwen-code/stop-hook-dialect.js';
import type { RuntimeId } from './runtime-id.js';

/**
 * Each runtime's Stop-hook dialect (`undefined`: it has no Stop hook; OpenCode enforces through its plugin, Pi through its extension).
 * Kept apart from `ADAPTER_RUNTIMES` so `skillpack-hook` loads the dialects and none of the readers.
 */
export const STOP_HOOK_DIALECTS = {
  'claude-code': claudeCodeStopHookDialect,
  codex: codexStopHookDialect,
  opencode: undefined,
  'gemini-cli': geminiCliStopHookDialect,
  'copilot-cli': copilotCliStopHookDialect,
  'qwen-code': qwenCodeStopHookDialect,
  pi: undefined,
} as const satisfies { readonly [R in RuntimeId]: StopHookDialect | undefined };
