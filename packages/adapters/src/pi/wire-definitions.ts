import { z } from 'zod';
import { builtOnce } from '../_shared/built-once.js';

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

/**
 * The runtime's wire schemas, built on the first call and kept: loading its reader builds none, reading
 * one of its runs builds them (the public `@skillpack/adapters/wire` namespace builds them when loaded).
 */
export const piWireSchemas = builtOnce(() => {
  const PiSessionHeaderSchema = z.looseObject({
    type: z.literal('session'),
    version: z.number(),
    id: z.string(),
    timestamp: z.string().optional(),
    cwd: z.string().optional(),
  });

  const PiUsageSchema = z.looseObject({
    input: z.number(),
    output: z.number(),
    cacheRead: z.number().optional(),
    cacheWrite: z.number().optional(),
    reasoning: z.number().optional(),
    totalTokens: z.number().optional(),
    cost: z.looseObject({ total: z.number().optional() }).optional(),
  });

  const PiContentPartSchema = z.looseObject({
    type: z.string(),
    text: z.string().optional(),
    id: z.string().optional(),
    name: z.string().optional(),
    arguments: z.unknown().optional(),
  });

  const PiMessageSchema = z.looseObject({
    role: z.string(),
    content: z.union([z.string(), z.array(PiContentPartSchema)]).optional(),
    stopReason: z.string().optional(),
    errorMessage: z.string().optional(),
    model: z.string().optional(),
    usage: z.unknown().optional(),
  });

  const PiMessageEventSchema = z.looseObject({
    type: z.enum(['message_start', 'message_end']),
    message: PiMessageSchema,
  });

  const PiToolStartEventSchema = z.looseObject({
    type: z.literal('tool_execution_start'),
    toolCallId: z.string(),
    toolName: z.string(),
    args: z.unknown().optional(),
  });

  const PiToolEndEventSchema = z.looseObject({
    type: z.literal('tool_execution_end'),
    toolCallId: z.string(),
    toolName: z.string().optional(),
    result: z.looseObject({ content: z.array(PiContentPartSchema).optional() }).optional(),
    isError: z.boolean().optional(),
  });

  const PiAgentSettledEventSchema = z.looseObject({
    type: z.literal('agent_settled'),
    aborted: z.boolean().optional(),
  });

  const PiAutoRetryEndEventSchema = z.looseObject({
    type: z.literal('auto_retry_end'),
    success: z.boolean(),
    attempt: z.number().optional(),
    finalError: z.string().optional(),
  });

  return {
    PiSessionHeaderSchema,
    PiUsageSchema,
    PiContentPartSchema,
    PiMessageSchema,
    PiMessageEventSchema,
    PiToolStartEventSchema,
    PiToolEndEventSchema,
    PiAgentSettledEventSchema,
    PiAutoRetryEndEventSchema,
  };
});
