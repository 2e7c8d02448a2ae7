import type { StopHookHosts } from '../hooks/stop-hook-hosts.js';

// A Claude Code pack's Stop hook in `.claude/settings.json` fires under Copilot too, with a Claude-shaped
// payload without `last_assistant_message`, an ISO `timestamp` and Copilot's `events.jsonl` as
// `transcript_path`; Copilot sets COPILOT_CLI=1 in every hook's environment.
export const copilotCliStopHookHosts: StopHookHosts = {
  runtimes: ['claude-code'],
  detect: (env, payload) =>
    env.COPILOT_CLI === '1' &&
    typeof payload === 'object' &&
    payload !== null &&
    (payload as { last_assistant_message?: unknown }).last_assistant_message === undefined &&
    typeof (payload as { timestamp?: unknown }).timestamp === 'string',
};
