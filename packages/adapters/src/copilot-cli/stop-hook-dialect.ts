import type { StopHookDialect } from '../hooks/stop-hook-dialect.js';
import { renderStopHookOutput } from '../hooks/stop-hook-output.js';
import { copilotCliStopHook, handleCopilotCliStop } from './stop-hook.js';
import { copilotCliStopHookHosts } from './stop-hook-hosts.js';

/** GitHub Copilot CLI's Stop-hook dialect: `agentStop`, whose payload has no answer (read from `events.jsonl`). */
export const copilotCliStopHookDialect = {
  input: copilotCliStopHook,
  // Copilot reads `decision` and `reason` and drops `systemMessage` (1.0.102); exit 2 only warns.
  renderOutput: renderStopHookOutput,
  exitTwoPushesBack: false,
  decide: handleCopilotCliStop,
  hosts: copilotCliStopHookHosts,
} as const satisfies StopHookDialect;
