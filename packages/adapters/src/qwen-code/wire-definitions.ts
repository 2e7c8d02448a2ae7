import { z } from 'zod';
import { builtOnce } from '../_shared/built-once.js';

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

/**
 * The runtime's wire schemas, built on the first call and kept: loading its reader builds none, reading
 * one of its runs builds them (the public `@skillpack/adapters/wire` namespace builds them when loaded).
 */
export const qwenCodeWireSchemas = builtOnce(() => {
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

  const QwenSystemEventSchema = z.looseObject({
    type: z.literal('system'),
    subtype: z.string().optional(),
    ...EnvelopeFields,
    model: z.string().optional(),
    qwen_code_version: z.string().optional(),
    /** `retry`: `{ reason, attempt?, maxRetries?, delayMs?, discardedToolCalls, preserveText }`. */
    data: z.unknown().optional(),
  });

  const BlockSchema = z.looseObject({ type: z.string() });

  const QwenTextBlockSchema = z.looseObject({ type: z.literal('text'), text: z.string() });

  const QwenToolUseBlockSchema = z.looseObject({
    type: z.literal('tool_use'),
    id: z.string(),
    name: z.string(),
    input: z.unknown(),
  });

  const QwenToolResultBlockSchema = z.looseObject({
    type: z.literal('tool_result'),
    tool_use_id: z.string(),
    is_error: z.boolean().optional(),
    content: z.unknown().optional(),
  });

  const QwenAssistantEventSchema = z.looseObject({
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

  const QwenUserEventSchema = z.looseObject({
    type: z.literal('user'),
    ...EnvelopeFields,
    message: z.looseObject({ content: z.union([z.string(), z.array(BlockSchema)]) }),
  });

  const QwenStreamEventSchema = z.looseObject({
    type: z.literal('stream_event'),
    ...EnvelopeFields,
    event: z.looseObject({
      type: z.string(),
      index: z.number().optional(),
      content_block: BlockSchema.optional(),
      delta: z.looseObject({ type: z.string().optional(), text: z.string().optional() }).optional(),
    }),
  });

  const QwenResultEventSchema = z.looseObject({
    type: z.literal('result'),
    subtype: z.string(),
    ...EnvelopeFields,
    is_error: z.boolean(),
    num_turns: z.number().optional(),
    result: z.string().optional(),
    error: z.looseObject({ message: z.string().optional() }).optional(),
    usage: z.unknown().optional(),
  });

  const QwenUsageSchema = z.looseObject({
    input_tokens: z.number().optional(),
    output_tokens: z.number().optional(),
    cache_read_input_tokens: z.number().optional(),
    total_tokens: z.number().optional(),
  });

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

  const QwenTranscriptUserSchema = z.looseObject({
    type: z.literal('user'),
    ...TranscriptEnvelopeFields,
    message: z.looseObject({ parts: z.array(PartSchema) }).optional(),
  });

  const QwenFunctionCallSchema = z.looseObject({
    id: z.string(),
    name: z.string(),
    args: z.unknown().optional(),
  });

  const QwenTranscriptAssistantSchema = z.looseObject({
    type: z.literal('assistant'),
    ...TranscriptEnvelopeFields,
    model: z.string().optional(),
    message: z.looseObject({ role: z.string().optional(), parts: z.array(PartSchema) }),
  });

  const QwenFunctionResponseSchema = z.looseObject({
    id: z.string(),
    name: z.string().optional(),
    response: z.unknown().optional(),
  });

  const QwenTranscriptToolResultSchema = z.looseObject({
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

  const QwenTranscriptSystemSchema = z.looseObject({
    type: z.literal('system'),
    ...TranscriptEnvelopeFields,
  });

  return {
    QwenSystemEventSchema,
    QwenTextBlockSchema,
    QwenToolUseBlockSchema,
    QwenToolResultBlockSchema,
    QwenAssistantEventSchema,
    QwenUserEventSchema,
    QwenStreamEventSchema,
    QwenResultEventSchema,
    QwenUsageSchema,
    QwenTranscriptUserSchema,
    QwenFunctionCallSchema,
    QwenTranscriptAssistantSchema,
    QwenFunctionResponseSchema,
    QwenTranscriptToolResultSchema,
    QwenTranscriptSystemSchema,
  };
});
