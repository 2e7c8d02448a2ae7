import type { StopHookDialect } from '../hooks/stop-hook-dialect.js';
import { renderStopHookOutput } from '../hooks/stop-hook-output.js';
import { copilotCliStopHook, handleCopilotCliStop } from './stop-hook.js';

/** GitHub Copilot CLI's Stop-hook dialect: `agentStop`, whose payload has no answer (read from `events.jsonl`). */
export const copilotCliStopHookDialect = {
  input: copilotCliStopHook,
  // Copilot reads `decision` and `reason` and drops `systemMessage` (1.0.102); exit 2 only warns.
  renderOutput: renderStopHookOutput,
  exitTwoPushesBack: false,
  decide: handleCopilotCliStop,
  // A Claude Code pack's Stop hook in `.claude/settings.json` fires under Copilot too, with a Claude-shaped
  // payload without `last_assistant_message`, an ISO `timestamp` and Copilot's `events.jsonl` as
  // `transcript_path`; Copilot sets COPILOT_CLI=1 in every hook's environment.
  hosts: {
    runtimes: ['claude-code'],
    detect: (env: NodeJS.ProcessEnv, payload: unknown) =>
      env.COPILOT_CLI === '1' &&
      typeof payload === 'object' &&
      payload !== null &&
      (payload as { last_assistant_message?: unknown }).last_assistant_message === undefined &&
      typeof (payload as { timestamp?: unknown }).timestamp === 'string',
  },
} as const satisfies StopHookDialect;
