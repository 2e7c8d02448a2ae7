import { z } from 'zod';
import { handleStopHook, type StopHookOptions, type StopHookResult } from '../hooks/handle-stop-hook.js';
import { parseStopInput, requireStopHookActive } from '../hooks/parse-stop-input.js';
import type { StopHookRuntime } from '../hooks/stop-event.js';

/**
 * Codex's Stop / SubagentStop hook stdin (`codex-rs/hooks/schema/generated/stop.command.input.schema.json`):
 * `last_assistant_message`, `transcript_path` (both nullable) and `turn_id` are always sent.
 */
const CodexStopHookFieldsSchema = z.looseObject({
  session_id: z.string(),
  turn_id: z.string(),
  transcript_path: z.string().nullable(),
  cwd: z.string().optional(),
  model: z.string().optional(),
  permission_mode: z.string().optional(),
  hook_event_name: z.string(),
  stop_hook_active: z.boolean().optional(),
  last_assistant_message: z.string().nullable(),
  agent_id: z.string().nullish(),
  agent_type: z.string().nullish(),
  agent_transcript_path: z.string().nullish(),
});
export const CodexStopHookInputSchema = CodexStopHookFieldsSchema.superRefine(requireStopHookActive);
/** The Codex Stop hook stdin payload, as validated. */
export type CodexStopHookInput = z.output<typeof CodexStopHookInputSchema>;

// Codex 0.169 keeps one turn_id for a stop and the stops its blocks lead to (checked with the pinned CLI).
const chainIdField = 'turn_id';

/** How a Codex Stop hook payload is validated and normalised into a `StopHookEvent`. */
export const codexStopHook: StopHookRuntime = {
  id: 'codex',
  // Loaded on a stop without a message, or one that checks a tool-delivered contract, only: reading the
  // transcript (the session rollout) is not part of the hook's common path.
  readTranscript: async (path) => (await import('../run-transcript.js')).readRunTranscript(path, 'codex'),
  readTranscriptTools: async (path, _runtime, toolNames) =>
    (await import('../run-transcript.js')).readRunTranscriptTools(path, 'codex', toolNames),
  payloadFields: CodexStopHookFieldsSchema,
  chainIdField,
  parseInput: (payload) =>
    parseStopInput('codex', 'Codex Stop hook input', CodexStopHookInputSchema, payload, chainIdField),
};

/** Decide a Codex Stop / SubagentStop from its stdin payload; Codex needs `result.output` printed at exit 0. */
export function handleCodexStop(payload: unknown, options: StopHookOptions): Promise<StopHookResult> {
  return handleStopHook(codexStopHook, payload, options);
}
