import { z } from 'zod';

// Qwen Code `-p --output-format stream-json [--include-partial-messages]` lines and the elements of the
// `--output-format json` array, with the runtime's own field names (captures of CLI 0.24.4; the shapes are
// `packages/cli/src/nonInteractive/io/BaseJsonOutputAdapter.ts` and `StreamJsonOutputAdapter.ts` of its
// bundle). They copy Claude Code's stream-json envelope; the `init` line's `qwen_code_version` tells them
// apart. Only the fields the reader needs are typed; everything else passes through untouched.

const EnvelopeFields = {
  uuid: z.string().optional(),
  session_id: z.string().optional(),
  /** `null` for the main agent, the spawning tool call's id for a subagent. */
  parent_tool_use_id: z.string().nullish(),
};

/** Validates a `system` line: `init` (with `qwen_code_version`), `retry`, `model_fallback`, … */
export const QwenSystemEventSchema = z.looseObject({
  type: z.literal('system'),
  subtype: z.string().optional(),
  ...EnvelopeFields,
  model: z.string().optional(),
  qwen_code_version: z.string().optional(),
  /** `retry`: `{ reason, attempt?, maxRetries?, delayMs?, discardedToolCalls, preserveText }`. */
  data: z.unknown().optional(),
});
/** A `system` line: `init` (with `qwen_code_version`), `retry`, `model_fallback`, … */
export type QwenSystemEvent = z.output<typeof QwenSystemEventSchema>;

const BlockSchema = z.looseObject({ type: z.string() });

/** Validates a `text` block of an assistant or user message. */
export const QwenTextBlockSchema = z.looseObject({ type: z.literal('text'), text: z.string() });

/** Validates a `tool_use` block: one tool call with its id, name and input. */
export const QwenToolUseBlockSchema = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.unknown(),
});

/** Validates a `tool_result` block of a `user` line: the outcome of one tool call. */
export const QwenToolResultBlockSchema = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  is_error: z.boolean().optional(),
  content: z.unknown().optional(),
});

/**
 * Validates an `assistant` line. Qwen Code 0.24.4 puts one block type in a message (text, thinking or
 * tool_use) and starts a new message when the type changes.
 */
export const QwenAssistantEventSchema = z.looseObject({
  type: z.literal('assistant'),
  ...EnvelopeFields,
  message: z.looseObject({
    id: z.string().optional(),
    model: z.string().optional(),
    content: z.array(BlockSchema),
    stop_reason: z.string().nullish(),
    usage: z.unknown().optional(),
  }),
});
/** An `assistant` line: one assistant message with blocks of one type. */
export type QwenAssistantEvent = z.output<typeof QwenAssistantEventSchema>;

/** Validates a `user` line: tool results fed back to the model. */
export const QwenUserEventSchema = z.looseObject({
  type: z.literal('user'),
  ...EnvelopeFields,
  message: z.looseObject({ content: z.union([z.string(), z.array(BlockSchema)]) }),
});
/** A `user` line: tool results fed back to the model. */
export type QwenUserEvent = z.output<typeof QwenUserEventSchema>;

/**
 * Validates a `stream_event` line: `--include-partial-messages` (`message_start`, `content_block_start`,
 * `content_block_delta`, `content_block_stop`, `message_stop`, `tool_progress`) and, always, `goal_state`.
 */
export const QwenStreamEventSchema = z.looseObject({
  type: z.literal('stream_event'),
  ...EnvelopeFields,
  event: z.looseObject({
    type: z.string(),
    index: z.number().optional(),
    content_block: BlockSchema.optional(),
    delta: z.looseObject({ type: z.string().optional(), text: z.string().optional() }).optional(),
  }),
});
/** A `stream_event` line. */
export type QwenStreamEvent = z.output<typeof QwenStreamEventSchema>;

/** Validates the `result` line: `success` with `result`, or `is_error: true` with `error.message`. */
export const QwenResultEventSchema = z.looseObject({
  type: z.literal('result'),
  subtype: z.string(),
  ...EnvelopeFields,
  is_error: z.boolean(),
  num_turns: z.number().optional(),
  result: z.string().optional(),
  error: z.looseObject({ message: z.string().optional() }).optional(),
  usage: z.unknown().optional(),
});
/** The `result` line that ends a run. */
export type QwenResultEvent = z.output<typeof QwenResultEventSchema>;

/** Validates token usage as Qwen Code reports it (Anthropic-style names plus `total_tokens`). */
export const QwenUsageSchema = z.looseObject({
  input_tokens: z.number().optional(),
  output_tokens: z.number().optional(),
  cache_read_input_tokens: z.number().optional(),
  total_tokens: z.number().optional(),
});
/** Token usage as Qwen Code reports it. */
export type QwenUsage = z.output<typeof QwenUsageSchema>;

// The chat recording (`transcript_path` of the Stop hook, `~/.qwen/projects/<project>/chats/<session>.jsonl`,
// 0.24.4 `ChatRecordingService`): one JSONL record per line, each with `uuid`, `parentUuid`, `sessionId`,
// `timestamp`, `type`, `provenance`, `cwd` and `version`; a message holds Gemini-style `parts`.

const TranscriptEnvelopeFields = {
  uuid: z.string(),
  parentUuid: z.string().nullable(),
  sessionId: z.string(),
  /** `real_user` (a person's prompt), `assistant_output`, `tool_result`, `system`, `goal_runtime`, … */
  provenance: z.string().optional(),
  subtype: z.string().optional(),
  version: z.string().optional(),
};

const PartSchema = z.looseObject({});

/** Validates a `user` record: a person's prompt (`provenance: "real_user"`), or a cron or notification prompt. */
export const QwenTranscriptUserSchema = z.looseObject({
  type: z.literal('user'),
  ...TranscriptEnvelopeFields,
  message: z.looseObject({ parts: z.array(PartSchema) }).optional(),
});
/** A `user` record of the chat recording. */
export type QwenTranscriptUser = z.output<typeof QwenTranscriptUserSchema>;

/** Validates a `functionCall` part of an `assistant` record: one tool call as the model asked for it. */
export const QwenFunctionCallSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  args: z.unknown().optional(),
});

/** Validates an `assistant` record: one model response, its `text` parts (a `thought` part is reasoning; the text is joined as `getLastModelMessageText()` joins it) and calls. */
export const QwenTranscriptAssistantSchema = z.looseObject({
  type: z.literal('assistant'),
  ...TranscriptEnvelopeFields,
  model: z.string().optional(),
  message: z.looseObject({ role: z.string().optional(), parts: z.array(PartSchema) }),
});
/** An `assistant` record of the chat recording. */
export type QwenTranscriptAssistant = z.output<typeof QwenTranscriptAssistantSchema>;

/** Validates a `functionResponse` part of a `tool_result` record: `response.output`, or `response.error`. */
export const QwenFunctionResponseSchema = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  response: z.unknown().optional(),
});

/**
 * Validates a `tool_result` record: the call's `functionResponse` part, and `toolCallResult.status`
 * (`success`, or `error` for a call the server answered with an error or the CLI refused before running it:
 * `errorType: "invalid_tool_params"`, `executionStatus: "not_started"`).
 */
export const QwenTranscriptToolResultSchema = z.looseObject({
  type: z.literal('tool_result'),
  ...TranscriptEnvelopeFields,
  message: z.looseObject({ parts: z.array(PartSchema) }),
  toolCallResult: z
    .looseObject({
      callId: z.string().optional(),
      status: z.string(),
      resultDisplay: z.unknown().optional(),
      errorType: z.string().optional(),
    })
    .optional(),
});
/** A `tool_result` record of the chat recording. */
export type QwenTranscriptToolResult = z.output<typeof QwenTranscriptToolResultSchema>;

/** Validates a `system` record (`ui_telemetry`, `attribution_snapshot`, `notification`, …). */
export const QwenTranscriptSystemSchema = z.looseObject({
  type: z.literal('system'),
  ...TranscriptEnvelopeFields,
});

/** Types the reader knows and passes over (the SDK control channel). */
export const QWEN_PASSIVE_EVENT_TYPES = ['control_request', 'control_response'] as const;

/** Every top-level `type` the Qwen Code reader knows. */
export const QWEN_EVENT_TYPES = [
  'system',
  'assistant',
  'user',
  'stream_event',
  'result',
  ...QWEN_PASSIVE_EVENT_TYPES,
] as const;
