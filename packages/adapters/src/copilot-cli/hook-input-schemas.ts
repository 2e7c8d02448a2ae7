import { z } from 'zod';

/** Validates the `agentStop` hook's stdin (`.github/hooks/*.json`, `~/.copilot/hooks`): no answer text. */
export const CopilotAgentStopInputSchema = z.looseObject({
  sessionId: z.string(),
  timestamp: z.number(),
  cwd: z.string().optional(),
  transcriptPath: z.string(),
  stopReason: z.string().optional(),
  stop_hook_active: z.boolean(),
});
/** The `agentStop` hook's stdin payload. */
export type CopilotAgentStopInput = z.output<typeof CopilotAgentStopInputSchema>;

/**
 * Validates the stdin Copilot sends a Claude-format `Stop` hook (`.claude/settings.json`): Claude's snake_case
 * names, an ISO `timestamp`, and no `last_assistant_message`; `transcript_path` is Copilot's `events.jsonl`.
 */
export const CopilotClaudeStopInputSchema = z.looseObject({
  hook_event_name: z.string(),
  session_id: z.string(),
  timestamp: z.string(),
  cwd: z.string().optional(),
  transcript_path: z.string(),
  stop_reason: z.string().optional(),
  stop_hook_active: z.boolean(),
});
/** The stdin Copilot sends a Claude-format `Stop` hook. */
export type CopilotClaudeStopInput = z.output<typeof CopilotClaudeStopInputSchema>;
