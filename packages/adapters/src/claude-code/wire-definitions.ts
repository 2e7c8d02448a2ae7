import { z } from 'zod';
import { builtOnce } from '../_shared/built-once.js';

/** Result subtypes from sdk.d.ts 0.3.332; the reader maps others to finish `error` and keeps the subtype. */
export const CLAUDE_RESULT_SUBTYPES = [
  'success',
  'error_during_execution',
  'error_max_turns',
  'error_max_budget_usd',
  'error_max_structured_output_retries',
] as const;

/** Types the reader knows and deliberately passes over (status, control frames, transcript bookkeeping). */
export const CLAUDE_PASSIVE_EVENT_TYPES = [
  'rate_limit_event',
  'tool_progress',
  'auth_status',
  'control_request',
  'control_response',
  'control_cancel_request',
  'keep_alive',
  'summary',
  'queue-operation',
  'file-history-snapshot',
] as const;

/** Every top-level `type` the Claude Code reader knows: the ones it reads and the ones it passes over. */
export const CLAUDE_EVENT_TYPES = [
  'system',
  'assistant',
  'user',
  'stream_event',
  'result',
  ...CLAUDE_PASSIVE_EVENT_TYPES,
] as const;

/**
 * The runtime's wire schemas, built on the first call and kept: loading its reader builds none, reading
 * one of its runs builds them (the public `@skillpack/adapters/wire` namespace builds them when loaded).
 */
export const claudeCodeWireSchemas = builtOnce(() => {
  // Claude Code `--output-format stream-json|json` lines and transcript lines, with the runtime's own field
  // names (sdk.d.ts 0.3.332, captures of CLI 2.1.202 and 2.1.276). Only the fields the reader needs are
  // typed; everything else passes through untouched. Optional envelope fields cover both forms:
  // stream-json uses `session_id`/`parent_tool_use_id`, transcripts `sessionId`/`isSidechain`/`version`.

  const ClaudeUsageSchema = z.looseObject({
    input_tokens: z.number().optional(),
    output_tokens: z.number().optional(),
    cache_creation_input_tokens: z.number().nullish(),
    cache_read_input_tokens: z.number().nullish(),
  });

  const ClaudeTextBlockSchema = z.looseObject({ type: z.literal('text'), text: z.string() });

  const ClaudeThinkingBlockSchema = z.looseObject({ type: z.literal('thinking'), thinking: z.string() });

  const ClaudeToolUseBlockSchema = z.looseObject({
    type: z.literal('tool_use'),
    id: z.string(),
    name: z.string(),
    input: z.unknown(),
  });

  const ClaudeToolResultBlockSchema = z.looseObject({
    type: z.literal('tool_result'),
    tool_use_id: z.string(),
    content: z.unknown().optional(),
    is_error: z.boolean().nullish(),
  });

  const ClaudeContentBlockSchema = z.discriminatedUnion('type', [
    ClaudeTextBlockSchema,
    ClaudeThinkingBlockSchema,
    ClaudeToolUseBlockSchema,
    ClaudeToolResultBlockSchema,
  ]);

  const BlockEnvelopeSchema = z.looseObject({ type: z.string() });

  const EnvelopeFields = {
    session_id: z.string().optional(),
    uuid: z.string().nullish(),
    parent_tool_use_id: z.string().nullish(),
    sessionId: z.string().optional(),
    isSidechain: z.boolean().optional(),
    version: z.string().optional(),
  };

  const ClaudeSystemEventSchema = z.looseObject({
    type: z.literal('system'),
    subtype: z.string().optional(),
    ...EnvelopeFields,
    model: z.string().optional(),
    claude_code_version: z.string().optional(),
  });

  const ClaudeAssistantEventSchema = z.looseObject({
    type: z.literal('assistant'),
    ...EnvelopeFields,
    message: z.looseObject({
      id: z.string().optional(),
      model: z.string().optional(),
      content: z.union([z.string(), z.array(BlockEnvelopeSchema)]),
      stop_reason: z.string().nullish(),
      usage: z.unknown().optional(),
    }),
    error: z.string().optional(),
    /** On the message that reports a refusal (2.1.328): the refused response's API id. */
    refused_message_id: z.string().optional(),
  });

  const ClaudeUserEventSchema = z.looseObject({
    type: z.literal('user'),
    ...EnvelopeFields,
    message: z.looseObject({
      content: z.union([z.string(), z.array(BlockEnvelopeSchema)]),
    }),
    isReplay: z.boolean().optional(),
  });

  const ClaudeStreamEventSchema = z.looseObject({
    type: z.literal('stream_event'),
    ...EnvelopeFields,
    event: z.looseObject({
      type: z.string(),
      delta: z
        .looseObject({
          type: z.string().optional(),
          text: z.string().optional(),
          stop_reason: z.string().nullish(),
        })
        .optional(),
      message: z.looseObject({ id: z.string().optional() }).optional(),
    }),
  });

  const ClaudeResultEventSchema = z.looseObject({
    type: z.literal('result'),
    subtype: z.string(),
    is_error: z.boolean().optional(),
    result: z.string().optional(),
    errors: z.array(z.string()).optional(),
    ...EnvelopeFields,
    total_cost_usd: z.number().optional(),
    num_turns: z.number().optional(),
    stop_reason: z.string().nullish(),
    /** Why the run ended (2.1.328): `completed` for a clean success, else `max_turns`, `api_error`, … */
    terminal_reason: z.unknown().optional(),
    /** Several results in one stream (streaming input, resumed turns) are numbered from 0 (2.1.328). */
    result_index: z.number().optional(),
    usage: z.unknown().optional(),
    structured_output: z.unknown().optional(),
    api_error_status: z.number().nullish(),
  });

  return {
    ClaudeUsageSchema,
    ClaudeTextBlockSchema,
    ClaudeThinkingBlockSchema,
    ClaudeToolUseBlockSchema,
    ClaudeToolResultBlockSchema,
    ClaudeContentBlockSchema,
    ClaudeSystemEventSchema,
    ClaudeAssistantEventSchema,
    ClaudeUserEventSchema,
    ClaudeStreamEventSchema,
    ClaudeResultEventSchema,
  };
});
