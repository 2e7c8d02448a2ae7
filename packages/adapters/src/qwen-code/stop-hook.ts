import { fail, ok, type ProtocolError, protocolErrorFromZod, type Result } from '@skillpack/core';
import { z } from 'zod';
import { handleStopHook, type StopHookOptions, type StopHookResult } from '../hooks/handle-stop-hook.js';
import { requireStopHookActive } from '../hooks/parse-stop-input.js';
import type { StopHookEvent, StopHookRuntime, TranscriptToolReader } from '../hooks/stop-event.js';
import type { RuntimeId } from '../runtime-id.js';

/**
 * Qwen Code's Stop hook stdin (0.24.4, a project or user `.qwen/settings.json` `hooks.Stop` command): the
 * Claude Code dialect. `last_assistant_message` is the last model response only (`getLastModelMessageText()`),
 * so it is the final answer even when stdout joins every attempt; `stop_hook_active` is true while the prompt
 * continues because a Stop hook blocked. The CLI itself ends a chain after 8 consecutive blocks
 * (`QWEN_CODE_STOP_HOOK_BLOCK_CAP`), above skillpack's own budget.
 */
export const QwenCodeStopHookInputSchema = z
  .looseObject({
    session_id: z.string(),
    transcript_path: z.string().optional(),
    cwd: z.string().optional(),
    hook_event_name: z.string(),
    permission_mode: z.string().optional(),
    prompt_id: z.string().optional(),
    stop_hook_active: z.boolean().optional(),
    last_assistant_message: z.string().nullish(),
    agent_id: z.string().optional(),
  })
  .superRefine(requireStopHookActive);
/** The Qwen Code Stop hook stdin payload, as validated. */
export type QwenCodeStopHookInput = z.output<typeof QwenCodeStopHookInputSchema>;

/**
 * What Qwen Code 0.24.4 sends as `last_assistant_message` when the model's last response had no text:
 * `"[no response text]"` (no model message) and `"(empty content)"` (an empty one, seen after a tool call).
 */
export const QWEN_NO_MESSAGE_PLACEHOLDERS: readonly string[] = ['[no response text]', '(empty content)'];

/** The runtime id of this dialect. */
export const QWEN_CODE_HOOK_RUNTIME = 'qwen-code' satisfies RuntimeId;

/**
 * Validate and normalise a Qwen Code Stop payload; never throws. A placeholder message is no message (like
 * Codex's `null`). `transcript_path` is the session's chat recording, where a tool-delivered contract's submit
 * calls are read; 0.24.4 sends `""` only when chat recording is off (`general.chatRecording: false`), and then
 * no recording exists to find.
 */
export function safeParseQwenCodeStopInput(payload: unknown): Result<StopHookEvent, ProtocolError> {
  const parsed = QwenCodeStopHookInputSchema.safeParse(payload);
  if (!parsed.success)
    return fail(
      protocolErrorFromZod(parsed.error, 'Qwen Code Stop hook input', payload, 'invalid_hook_input'),
    );
  const input = parsed.data;
  const message = input.last_assistant_message ?? undefined;
  const none = message === undefined || QWEN_NO_MESSAGE_PLACEHOLDERS.includes(message);
  return ok({
    runtime: QWEN_CODE_HOOK_RUNTIME,
    hookEventName: input.hook_event_name,
    sessionId: input.session_id,
    agentId: input.agent_id,
    stopHookActive: input.stop_hook_active === true,
    lastAssistantMessage: none ? undefined : message,
    ...(none ? { lastAssistantMessageNull: true as const } : {}),
    // A SubagentStop names the session's recording as `transcript_path` (its own is `agent_transcript_path`, or
    // the session's when it has none): the main agent's calls are not the subagent's answer.
    transcriptPath: input.hook_event_name === 'SubagentStop' ? undefined : input.transcript_path || undefined,
  });
}

/** How a Qwen Code Stop hook payload is validated and normalised into a `StopHookEvent`. */
export const qwenCodeStopHook: StopHookRuntime = {
  id: QWEN_CODE_HOOK_RUNTIME,
  parseInput: safeParseQwenCodeStopInput,
  readTranscriptTools: readQwenTranscriptTools(),
};

/**
 * The submit calls of the chat recording at a stop. Qwen Code 0.24.4 queues the write of the stop's final
 * message before it runs the hook, and the write may land after the hook starts (seen under load): the file is
 * read until it shows that message, within `limitMs`. Loaded on a stop that checks a tool-delivered contract
 * only: not part of the hook's common path.
 */
function readQwenTranscriptTools(limitMs?: number): TranscriptToolReader {
  return async (path, _runtime, toolNames, finalMessage) =>
    (await import('../run-transcript.js')).readRunTranscriptTools(
      path,
      QWEN_CODE_HOOK_RUNTIME,
      toolNames,
      finalMessage === undefined ? undefined : { finalText: finalMessage, limitMs },
    );
}

/** Options of `handleQwenCodeStop`: the Stop hook's, and how long to wait for the chat recording. */
export interface QwenCodeStopHookOptions extends StopHookOptions {
  /** How long a recording that does not show the stop's final message yet is waited for (default 1500 ms). */
  readonly transcriptWaitMs?: number;
}

/**
 * Decide a Qwen Code Stop from its stdin payload. Print `result.output` as JSON at exit 0: Qwen Code reads
 * `{"decision":"block","reason"}` as Claude Code does, and sends the reason to the model as the next user turn.
 */
export function handleQwenCodeStop(
  payload: unknown,
  options: QwenCodeStopHookOptions,
): Promise<StopHookResult> {
  const { transcriptWaitMs, ...rest } = options;
  return handleStopHook(qwenCodeStopHook, payload, {
    ...rest,
    readTranscriptTools: rest.readTranscriptTools ?? readQwenTranscriptTools(transcriptWaitMs),
  });
}
