import { z } from 'zod';
import { handleStopHook, type StopHookOptions, type StopHookResult } from '../hooks/handle-stop-hook.js';
import { parseStopInput, requireStopHookActive } from '../hooks/parse-stop-input.js';
import type { StopHookRuntime } from '../hooks/stop-event.js';

/**
 * Claude Code's Stop / SubagentStop hook stdin (hooks docs, 2.1.x). `last_assistant_message` is optional:
 * when absent the transcript is read instead. Unknown fields (`background_tasks`, `effort`, …) pass through.
 */
const ClaudeCodeStopHookFieldsSchema = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string().optional(),
  cwd: z.string().optional(),
  permission_mode: z.string().optional(),
  hook_event_name: z.string(),
  stop_hook_active: z.boolean().optional(),
  last_assistant_message: z.string().nullish(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
  agent_transcript_path: z.string().optional(),
});
export const ClaudeCodeStopHookInputSchema =
  ClaudeCodeStopHookFieldsSchema.superRefine(requireStopHookActive);
/** The Claude Code Stop / SubagentStop hook stdin payload, as validated. */
export type ClaudeCodeStopHookInput = z.output<typeof ClaudeCodeStopHookInputSchema>;

/** How a Claude Code Stop hook payload is validated and normalised into a `StopHookEvent`. */
export const claudeCodeStopHook: StopHookRuntime = {
  id: 'claude-code',
  // Loaded on a stop without a message only: reading a transcript is not part of the hook's common path.
  readTranscript: async (path) =>
    (await import('../run-transcript.js')).readRunTranscript(path, 'claude-code'),
  // Claude Code writes its transcript asynchronously: the calls are read once it shows the stop's final message.
  readTranscriptTools: async (path, _runtime, toolNames, finalMessage) =>
    (await import('../run-transcript.js')).readRunTranscriptTools(
      path,
      'claude-code',
      toolNames,
      finalMessage === undefined ? undefined : { finalText: finalMessage },
    ),
  payloadFields: ClaudeCodeStopHookFieldsSchema,
  parseInput: (payload) =>
    parseStopInput('claude-code', 'Claude Code Stop hook input', ClaudeCodeStopHookInputSchema, payload),
};

/** Decide a Claude Code Stop / SubagentStop from its stdin payload; print `result.output` as JSON. */
export function handleClaudeCodeStop(payload: unknown, options: StopHookOptions): Promise<StopHookResult> {
  return handleStopHook(claudeCodeStopHook, payload, options);
}
