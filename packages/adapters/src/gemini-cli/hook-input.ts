import { z } from 'zod';

/**
 * Validates the AfterAgent hook's stdin (a project or user `settings.json` `hooks.AfterAgent` command).
 * `prompt_response` is cumulative: every text the model produced for the prompt, joined by newlines, rejected
 * answers and narration before tool calls included (`hookState.cumulativeResponse`); it is never the final
 * answer alone. `stop_hook_active` is true on every retry after a block.
 */
export const GeminiAfterAgentInputSchema = z.looseObject({
  session_id: z.string(),
  transcript_path: z.string().optional(),
  cwd: z.string().optional(),
  hook_event_name: z.string(),
  timestamp: z.string().optional(),
  prompt: z.string().optional(),
  prompt_response: z.string().optional(),
  stop_hook_active: z.boolean().optional(),
});
/** The AfterAgent hook's stdin payload. */
export type GeminiAfterAgentInput = z.output<typeof GeminiAfterAgentInputSchema>;
