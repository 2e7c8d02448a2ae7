// This runtime's namespace of `@skillpack/adapters/wire`: its schemas, taken from the builder of
// `wire-definitions.ts` (where they are written, with the versions they follow), which importing this builds.
// The readers call the builder and never import this module's values.

import type { z } from 'zod';
import { copilotCliWireSchemas } from './wire-definitions.js';

export { COPILOT_EVENT_TYPES } from './wire-definitions.js';

const schemas = copilotCliWireSchemas();

/** The envelope every session event shares: `agentId` is set on a subagent's events only. */
export const CopilotEventEnvelopeSchema = schemas.CopilotEventEnvelopeSchema;

/** The envelope every Copilot session event shares. */
export type CopilotEventEnvelope = z.output<typeof CopilotEventEnvelopeSchema>;

/** Validates a tool call the assistant asked for, inside `assistant.message` `data.toolRequests`. */
export const CopilotToolRequestSchema = schemas.CopilotToolRequestSchema;

/** A tool call the assistant asked for. */
export type CopilotToolRequest = z.output<typeof CopilotToolRequestSchema>;

/**
 * Validates `assistant.message`: one complete assistant message. `content` is its text (`""` beside tool
 * calls or for an empty answer); a response split at reasoning boundaries comes as several messages with
 * `chunkIndex` / `chunkCount`; `parentToolCallId` (deprecated) or the envelope's `agentId` marks a subagent's.
 */
export const CopilotAssistantMessageEventSchema = schemas.CopilotAssistantMessageEventSchema;

/** An `assistant.message` event. */
export type CopilotAssistantMessageEvent = z.output<typeof CopilotAssistantMessageEventSchema>;

/** Validates `assistant.message_delta` (ephemeral): a piece of the message `messageId` while it streams. */
export const CopilotMessageDeltaEventSchema = schemas.CopilotMessageDeltaEventSchema;

/** An `assistant.message_delta` event. */
export type CopilotMessageDeltaEvent = z.output<typeof CopilotMessageDeltaEventSchema>;

/** Validates `user.message`: the prompt, or a Stop hook's push-back (`data.content` is its reason). */
export const CopilotUserMessageEventSchema = schemas.CopilotUserMessageEventSchema;

/** A `user.message` event. */
export type CopilotUserMessageEvent = z.output<typeof CopilotUserMessageEventSchema>;

/** Validates `tool.execution_start`: a tool call begins. */
export const CopilotToolStartEventSchema = schemas.CopilotToolStartEventSchema;

/** A `tool.execution_start` event. */
export type CopilotToolStartEvent = z.output<typeof CopilotToolStartEventSchema>;

/** Validates `tool.execution_complete`: a tool call ended, with `result.content` or an `error`. */
export const CopilotToolCompleteEventSchema = schemas.CopilotToolCompleteEventSchema;

/** A `tool.execution_complete` event. */
export type CopilotToolCompleteEvent = z.output<typeof CopilotToolCompleteEventSchema>;

/** Validates `session.error`: the model API or the session failed (`statusCode` for HTTP errors). */
export const CopilotSessionErrorEventSchema = schemas.CopilotSessionErrorEventSchema;

/** A `session.error` event. */
export type CopilotSessionErrorEvent = z.output<typeof CopilotSessionErrorEventSchema>;

/** Validates `session.warning`, for example a Stop hook that exited 2 (`warningType: "hook"`). */
export const CopilotSessionWarningEventSchema = schemas.CopilotSessionWarningEventSchema;

/** A `session.warning` event. */
export type CopilotSessionWarningEvent = z.output<typeof CopilotSessionWarningEventSchema>;

/** Validates `session.start` (in `events.jsonl`): the session id, the CLI version and the model. */
export const CopilotSessionStartEventSchema = schemas.CopilotSessionStartEventSchema;

/** A `session.start` event. */
export type CopilotSessionStartEvent = z.output<typeof CopilotSessionStartEventSchema>;

/** Validates `session.tools_updated` (ephemeral): the tools are ready for `data.model`. */
export const CopilotToolsUpdatedEventSchema = schemas.CopilotToolsUpdatedEventSchema;

/** A `session.tools_updated` event. */
export type CopilotToolsUpdatedEvent = z.output<typeof CopilotToolsUpdatedEventSchema>;

/**
 * Validates `hook.start` (in `events.jsonl`, written before the hook runs): `data.input` is the payload the
 * hook got on stdin, in the `agentStop` form (`sessionId`, epoch-ms `timestamp`) for either hook dialect.
 */
export const CopilotHookStartEventSchema = schemas.CopilotHookStartEventSchema;

/** A `hook.start` event. */
export type CopilotHookStartEvent = z.output<typeof CopilotHookStartEventSchema>;

/** Validates usage on the `result` line: Copilot reports no tokens there, only requests and durations. */
export const CopilotResultUsageSchema = schemas.CopilotResultUsageSchema;

/** Usage on the `result` line. */
export type CopilotResultUsage = z.output<typeof CopilotResultUsageSchema>;

/** Validates `result`, the last line of `-p --output-format json`: the session id and the exit code. */
export const CopilotResultEventSchema = schemas.CopilotResultEventSchema;

/** The `result` line that ends a `-p --output-format json` run. */
export type CopilotResultEvent = z.output<typeof CopilotResultEventSchema>;

// The two hook payloads live apart: the hook loads them, and no reader.
export {
  type CopilotAgentStopInput,
  CopilotAgentStopInputSchema,
  type CopilotClaudeStopInput,
  CopilotClaudeStopInputSchema,
} from './hook-input-schemas.js';
