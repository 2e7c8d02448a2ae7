import { z } from 'zod';

// Pi 1.6.0 (`@earendil-works/pi-coding-agent`) `--mode json` output, from its `docs/json.md` and the captures
// in test/fixtures/pi/captured: a `session` header, then the agent session's events, ending in
// `agent_settled`. Every line carries `type`; unknown fields pass through.

/** Every `type` of a `--mode json` line. */
export const PI_EVENT_TYPES = [
  'session',
  'agent_start',
  'agent_end',
  'agent_settled',
  'turn_start',
  'turn_end',
  'message_start',
  'message_update',
  'message_end',
  'tool_execution_start',
  'tool_execution_update',
  'tool_execution_end',
  'queue_update',
  'entry_appended',
  'compaction_start',
  'compaction_end',
  'auto_retry_start',
  'auto_retry_end',
] as const;
/** A `--mode json` line's `type`, one of `PI_EVENT_TYPES`. */
export type PiEventType = (typeof PI_EVENT_TYPES)[number];

/** Validates the header line that opens the output: the session id and the project folder. */
export const PiSessionHeaderSchema = z.looseObject({
  type: z.literal('session'),
  version: z.number(),
  id: z.string(),
  timestamp: z.string().optional(),
  cwd: z.string().optional(),
});
/** The header line that opens the output: the session id and the project folder. */
export type PiSessionHeader = z.output<typeof PiSessionHeaderSchema>;

/** Validates an assistant message's `usage`: tokens of that one request, and its cost. */
export const PiUsageSchema = z.looseObject({
  input: z.number(),
  output: z.number(),
  cacheRead: z.number().optional(),
  cacheWrite: z.number().optional(),
  reasoning: z.number().optional(),
  totalTokens: z.number().optional(),
  cost: z.looseObject({ total: z.number().optional() }).optional(),
});
/** An assistant message's `usage`: tokens of that one request, and its cost. */
export type PiUsage = z.output<typeof PiUsageSchema>;

/** Validates one part of a message's `content`: text, a tool call, thinking, or an image. */
export const PiContentPartSchema = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  id: z.string().optional(),
  name: z.string().optional(),
  arguments: z.unknown().optional(),
});
/** One part of a message's `content`. */
export type PiContentPart = z.output<typeof PiContentPartSchema>;

/**
 * Validates a message of `message_start` / `message_update` / `message_end`: `role` is `user`, `assistant`,
 * `toolResult`, `system` (1.6.0's system-prompt sections) or an extension's `custom`; a user or custom
 * message's `content` may be a string.
 */
export const PiMessageSchema = z.looseObject({
  role: z.string(),
  content: z.union([z.string(), z.array(PiContentPartSchema)]).optional(),
  stopReason: z.string().optional(),
  errorMessage: z.string().optional(),
  model: z.string().optional(),
  usage: z.unknown().optional(),
});
/** A message of `message_start` / `message_update` / `message_end`. */
export type PiMessage = z.output<typeof PiMessageSchema>;

/** Validates a `message_start` or `message_end` line. */
export const PiMessageEventSchema = z.looseObject({
  type: z.enum(['message_start', 'message_end']),
  message: PiMessageSchema,
});
/** A `message_start` or `message_end` line. */
export type PiMessageEvent = z.output<typeof PiMessageEventSchema>;

/** Validates a `tool_execution_start` line: a tool call Pi runs. */
export const PiToolStartEventSchema = z.looseObject({
  type: z.literal('tool_execution_start'),
  toolCallId: z.string(),
  toolName: z.string(),
  args: z.unknown().optional(),
});
/** A `tool_execution_start` line. */
export type PiToolStartEvent = z.output<typeof PiToolStartEventSchema>;

/** Validates a `tool_execution_end` line: the call's result, and whether it failed. */
export const PiToolEndEventSchema = z.looseObject({
  type: z.literal('tool_execution_end'),
  toolCallId: z.string(),
  toolName: z.string().optional(),
  result: z.looseObject({ content: z.array(PiContentPartSchema).optional() }).optional(),
  isError: z.boolean().optional(),
});
/** A `tool_execution_end` line. */
export type PiToolEndEvent = z.output<typeof PiToolEndEventSchema>;

/** Validates the `agent_settled` line that ends the output (1.6.0): the run is over, pushed back or not. */
export const PiAgentSettledEventSchema = z.looseObject({
  type: z.literal('agent_settled'),
  aborted: z.boolean().optional(),
});
/** The `agent_settled` line that ends the output. */
export type PiAgentSettledEvent = z.output<typeof PiAgentSettledEventSchema>;

/** Validates an `auto_retry_end` line: whether Pi's own retries of a failed request succeeded. */
export const PiAutoRetryEndEventSchema = z.looseObject({
  type: z.literal('auto_retry_end'),
  success: z.boolean(),
  attempt: z.number().optional(),
  finalError: z.string().optional(),
});
/** An `auto_retry_end` line. */
export type PiAutoRetryEndEvent = z.output<typeof PiAutoRetryEndEventSchema>;
