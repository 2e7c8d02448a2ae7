import { z } from 'zod';

// GitHub Copilot CLI 1.0.102 session events, as `copilot -p … --output-format json` prints them (one JSON object
// per line) and as the session's `events.jsonl` holds them: the `SessionEvent` union of the bundled
// `copilot-sdk/generated/session-events.d.ts`, checked against captures of 1.0.102. Field names are Copilot's
// own (camelCase); unknown fields pass through. Every event has `type`, `id`, `timestamp` and, for a
// subagent's events, `agentId`; `ephemeral: true` events are printed but not written to `events.jsonl`.

/** The envelope every session event shares: `agentId` is set on a subagent's events only. */
export const CopilotEventEnvelopeSchema = z.looseObject({
  type: z.string(),
  id: z.string().optional(),
  timestamp: z.string().optional(),
  agentId: z.string().optional(),
  ephemeral: z.boolean().optional(),
});
/** The envelope every Copilot session event shares. */
export type CopilotEventEnvelope = z.output<typeof CopilotEventEnvelopeSchema>;

/** Validates a tool call the assistant asked for, inside `assistant.message` `data.toolRequests`. */
export const CopilotToolRequestSchema = z.looseObject({
  toolCallId: z.string(),
  name: z.string(),
  arguments: z.unknown().optional(),
});
/** A tool call the assistant asked for. */
export type CopilotToolRequest = z.output<typeof CopilotToolRequestSchema>;

/**
 * Validates `assistant.message`: one complete assistant message. `content` is its text (`""` beside tool
 * calls or for an empty answer); a response split at reasoning boundaries comes as several messages with
 * `chunkIndex` / `chunkCount`; `parentToolCallId` (deprecated) or the envelope's `agentId` marks a subagent's.
 */
export const CopilotAssistantMessageEventSchema = z.looseObject({
  type: z.literal('assistant.message'),
  agentId: z.string().optional(),
  data: z.looseObject({
    messageId: z.string(),
    content: z.string(),
    toolRequests: z.array(CopilotToolRequestSchema).optional(),
    parentToolCallId: z.string().optional(),
    model: z.string().optional(),
    chunkIndex: z.number().int().optional(),
    chunkCount: z.number().int().optional(),
  }),
});
/** An `assistant.message` event. */
export type CopilotAssistantMessageEvent = z.output<typeof CopilotAssistantMessageEventSchema>;

/** Validates `assistant.message_delta` (ephemeral): a piece of the message `messageId` while it streams. */
export const CopilotMessageDeltaEventSchema = z.looseObject({
  type: z.literal('assistant.message_delta'),
  agentId: z.string().optional(),
  data: z.looseObject({
    messageId: z.string(),
    deltaContent: z.string(),
    parentToolCallId: z.string().optional(),
  }),
});
/** An `assistant.message_delta` event. */
export type CopilotMessageDeltaEvent = z.output<typeof CopilotMessageDeltaEventSchema>;

/** Validates `user.message`: the prompt, or a Stop hook's push-back (`data.content` is its reason). */
export const CopilotUserMessageEventSchema = z.looseObject({
  type: z.literal('user.message'),
  agentId: z.string().optional(),
  data: z.looseObject({ content: z.string() }),
});
/** A `user.message` event. */
export type CopilotUserMessageEvent = z.output<typeof CopilotUserMessageEventSchema>;

/** Validates `tool.execution_start`: a tool call begins. */
export const CopilotToolStartEventSchema = z.looseObject({
  type: z.literal('tool.execution_start'),
  agentId: z.string().optional(),
  data: z.looseObject({
    toolCallId: z.string(),
    toolName: z.string(),
    arguments: z.unknown().optional(),
    parentToolCallId: z.string().optional(),
  }),
});
/** A `tool.execution_start` event. */
export type CopilotToolStartEvent = z.output<typeof CopilotToolStartEventSchema>;

/** Validates `tool.execution_complete`: a tool call ended, with `result.content` or an `error`. */
export const CopilotToolCompleteEventSchema = z.looseObject({
  type: z.literal('tool.execution_complete'),
  agentId: z.string().optional(),
  data: z.looseObject({
    toolCallId: z.string(),
    success: z.boolean().optional(),
    result: z.looseObject({ content: z.string().optional() }).optional(),
    error: z.union([z.string(), z.looseObject({ message: z.string().optional() })]).optional(),
    parentToolCallId: z.string().optional(),
  }),
});
/** A `tool.execution_complete` event. */
export type CopilotToolCompleteEvent = z.output<typeof CopilotToolCompleteEventSchema>;

/** Validates `session.error`: the model API or the session failed (`statusCode` for HTTP errors). */
export const CopilotSessionErrorEventSchema = z.looseObject({
  type: z.literal('session.error'),
  data: z.looseObject({
    errorType: z.string().optional(),
    message: z.string(),
    statusCode: z.number().optional(),
  }),
});
/** A `session.error` event. */
export type CopilotSessionErrorEvent = z.output<typeof CopilotSessionErrorEventSchema>;

/** Validates `session.warning`, for example a Stop hook that exited 2 (`warningType: "hook"`). */
export const CopilotSessionWarningEventSchema = z.looseObject({
  type: z.literal('session.warning'),
  data: z.looseObject({ warningType: z.string().optional(), message: z.string() }),
});
/** A `session.warning` event. */
export type CopilotSessionWarningEvent = z.output<typeof CopilotSessionWarningEventSchema>;

/** Validates `session.start` (in `events.jsonl`): the session id, the CLI version and the model. */
export const CopilotSessionStartEventSchema = z.looseObject({
  type: z.literal('session.start'),
  data: z.looseObject({
    sessionId: z.string(),
    copilotVersion: z.string().optional(),
    selectedModel: z.string().optional(),
  }),
});
/** A `session.start` event. */
export type CopilotSessionStartEvent = z.output<typeof CopilotSessionStartEventSchema>;

/** Validates `session.tools_updated` (ephemeral): the tools are ready for `data.model`. */
export const CopilotToolsUpdatedEventSchema = z.looseObject({
  type: z.literal('session.tools_updated'),
  data: z.looseObject({ model: z.string().optional() }),
});
/** A `session.tools_updated` event. */
export type CopilotToolsUpdatedEvent = z.output<typeof CopilotToolsUpdatedEventSchema>;

/**
 * Validates `hook.start` (in `events.jsonl`, written before the hook runs): `data.input` is the payload the
 * hook got on stdin, in the `agentStop` form (`sessionId`, epoch-ms `timestamp`) for either hook dialect.
 */
export const CopilotHookStartEventSchema = z.looseObject({
  type: z.literal('hook.start'),
  data: z.looseObject({
    hookInvocationId: z.string().optional(),
    hookType: z.string(),
    input: z.looseObject({ sessionId: z.string().optional(), timestamp: z.number().optional() }).optional(),
  }),
});
/** A `hook.start` event. */
export type CopilotHookStartEvent = z.output<typeof CopilotHookStartEventSchema>;

/** Validates usage on the `result` line: Copilot reports no tokens there, only requests and durations. */
export const CopilotResultUsageSchema = z.looseObject({
  premiumRequests: z.number().optional(),
  totalApiDurationMs: z.number().optional(),
  sessionDurationMs: z.number().optional(),
});
/** Usage on the `result` line. */
export type CopilotResultUsage = z.output<typeof CopilotResultUsageSchema>;

/** Validates `result`, the last line of `-p --output-format json`: the session id and the exit code. */
export const CopilotResultEventSchema = z.looseObject({
  type: z.literal('result'),
  sessionId: z.string().optional(),
  exitCode: z.number().int(),
  usage: z.unknown().optional(),
});
/** The `result` line that ends a `-p --output-format json` run. */
export type CopilotResultEvent = z.output<typeof CopilotResultEventSchema>;

// The two hook payloads live apart: the hook loads them, and no reader.
export {
  type CopilotAgentStopInput,
  CopilotAgentStopInputSchema,
  type CopilotClaudeStopInput,
  CopilotClaudeStopInputSchema,
} from './hook-input-schemas.js';

/** The event types this reader knows (1.0.102); others are counted in `unknownEventTypes`. */
export const COPILOT_EVENT_TYPES = [
  'session.start',
  'session.skills_loaded',
  'session.mcp_servers_loaded',
  'session.tools_updated',
  'session.custom_agents_updated',
  'session.background_tasks_changed',
  'session.usage_record',
  'session.info',
  'session.warning',
  'session.error',
  'session.shutdown',
  'session.idle',
  'abort',
  'system.message',
  'user.message',
  'assistant.turn_start',
  'assistant.turn_end',
  'assistant.turn_retry',
  'assistant.message_start',
  'assistant.message_delta',
  'assistant.tool_call_delta',
  'assistant.message',
  'assistant.idle',
  'model.call_start',
  'model.call_finished',
  'model.call_final_result',
  'model.call_failure',
  'tool.execution_start',
  'tool.execution_partial_result',
  'tool.execution_complete',
  'tool.shell_output',
  'hook.start',
  'hook.end',
  'result',
] as const;
