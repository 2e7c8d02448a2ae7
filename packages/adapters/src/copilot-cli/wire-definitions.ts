import { z } from 'zod';
import { builtOnce } from '../_shared/built-once.js';

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

/**
 * The runtime's wire schemas, built on the first call and kept: loading its reader builds none, reading
 * one of its runs builds them (the public `@skillpack/adapters/wire` namespace builds them when loaded).
 */
export const copilotCliWireSchemas = builtOnce(() => {
  // GitHub Copilot CLI 1.0.102 session events, as `copilot -p … --output-format json` prints them (one JSON object
  // per line) and as the session's `events.jsonl` holds them: the `SessionEvent` union of the bundled
  // `copilot-sdk/generated/session-events.d.ts`, checked against captures of 1.0.102. Field names are Copilot's
  // own (camelCase); unknown fields pass through. Every event has `type`, `id`, `timestamp` and, for a
  // subagent's events, `agentId`; `ephemeral: true` events are printed but not written to `events.jsonl`.

  const CopilotEventEnvelopeSchema = z.looseObject({
    type: z.string(),
    id: z.string().optional(),
    timestamp: z.string().optional(),
    agentId: z.string().optional(),
    ephemeral: z.boolean().optional(),
  });

  const CopilotToolRequestSchema = z.looseObject({
    toolCallId: z.string(),
    name: z.string(),
    arguments: z.unknown().optional(),
  });

  const CopilotAssistantMessageEventSchema = z.looseObject({
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

  const CopilotMessageDeltaEventSchema = z.looseObject({
    type: z.literal('assistant.message_delta'),
    agentId: z.string().optional(),
    data: z.looseObject({
      messageId: z.string(),
      deltaContent: z.string(),
      parentToolCallId: z.string().optional(),
    }),
  });

  const CopilotUserMessageEventSchema = z.looseObject({
    type: z.literal('user.message'),
    agentId: z.string().optional(),
    data: z.looseObject({ content: z.string() }),
  });

  const CopilotToolStartEventSchema = z.looseObject({
    type: z.literal('tool.execution_start'),
    agentId: z.string().optional(),
    data: z.looseObject({
      toolCallId: z.string(),
      toolName: z.string(),
      arguments: z.unknown().optional(),
      parentToolCallId: z.string().optional(),
    }),
  });

  const CopilotToolCompleteEventSchema = z.looseObject({
    type: z.literal('tool.execution_complete'),
    agentId: z.string().optional(),
    data: z.looseObject({
      toolCallId: z.string(),
      success: z.boolean().optional(),
      result: z.looseObject({ content: z.string().optional() }).optional(),
      error: z.union([z.string(), z.looseObject({ message: z.string().optional() })]).optional(),
      // A shell call's exit code (1.0.102): a command that exited non-zero is still `success: true`.
      shellExecution: z.looseObject({ exitCode: z.number().optional() }).optional(),
      parentToolCallId: z.string().optional(),
    }),
  });

  const CopilotSessionErrorEventSchema = z.looseObject({
    type: z.literal('session.error'),
    data: z.looseObject({
      errorType: z.string().optional(),
      message: z.string(),
      statusCode: z.number().optional(),
    }),
  });

  const CopilotSessionWarningEventSchema = z.looseObject({
    type: z.literal('session.warning'),
    data: z.looseObject({ warningType: z.string().optional(), message: z.string() }),
  });

  const CopilotSessionStartEventSchema = z.looseObject({
    type: z.literal('session.start'),
    data: z.looseObject({
      sessionId: z.string(),
      copilotVersion: z.string().optional(),
      selectedModel: z.string().optional(),
    }),
  });

  const CopilotToolsUpdatedEventSchema = z.looseObject({
    type: z.literal('session.tools_updated'),
    data: z.looseObject({ model: z.string().optional() }),
  });

  const CopilotHookStartEventSchema = z.looseObject({
    type: z.literal('hook.start'),
    data: z.looseObject({
      hookInvocationId: z.string().optional(),
      hookType: z.string(),
      input: z.looseObject({ sessionId: z.string().optional(), timestamp: z.number().optional() }).optional(),
    }),
  });

  const CopilotResultUsageSchema = z.looseObject({
    premiumRequests: z.number().optional(),
    totalApiDurationMs: z.number().optional(),
    sessionDurationMs: z.number().optional(),
  });

  const CopilotResultEventSchema = z.looseObject({
    type: z.literal('result'),
    sessionId: z.string().optional(),
    exitCode: z.number().int(),
    usage: z.unknown().optional(),
  });

  return {
    CopilotEventEnvelopeSchema,
    CopilotToolRequestSchema,
    CopilotAssistantMessageEventSchema,
    CopilotMessageDeltaEventSchema,
    CopilotUserMessageEventSchema,
    CopilotToolStartEventSchema,
    CopilotToolCompleteEventSchema,
    CopilotSessionErrorEventSchema,
    CopilotSessionWarningEventSchema,
    CopilotSessionStartEventSchema,
    CopilotToolsUpdatedEventSchema,
    CopilotHookStartEventSchema,
    CopilotResultUsageSchema,
    CopilotResultEventSchema,
  };
});
