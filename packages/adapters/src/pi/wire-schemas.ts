// This runtime's namespace of `@skillpack/adapters/wire`: its schemas, taken from the builder of
// `wire-definitions.ts` (where they are written, with the versions they follow), which importing this builds.
// The readers call the builder and never import this module's values.

import type { z } from 'zod';
import { piWireSchemas } from './wire-definitions.js';

export { PI_EVENT_TYPES, type PiEventType } from './wire-definitions.js';

const schemas = piWireSchemas();

/** Validates the header line that opens the output: the session id and the project folder. */
export const PiSessionHeaderSchema = schemas.PiSessionHeaderSchema;

/** The header line that opens the output: the session id and the project folder. */
export type PiSessionHeader = z.output<typeof PiSessionHeaderSchema>;

/** Validates an assistant message's `usage`: tokens of that one request, and its cost. */
export const PiUsageSchema = schemas.PiUsageSchema;

/** An assistant message's `usage`: tokens of that one request, and its cost. */
export type PiUsage = z.output<typeof PiUsageSchema>;

/** Validates one part of a message's `content`: text, a tool call, thinking, or an image. */
export const PiContentPartSchema = schemas.PiContentPartSchema;

/** One part of a message's `content`. */
export type PiContentPart = z.output<typeof PiContentPartSchema>;

/**
 * Validates a message of `message_start` / `message_update` / `message_end`: `role` is `user`, `assistant`,
 * `toolResult`, `system` (1.6.0's system-prompt sections) or an extension's `custom`; a user or custom
 * message's `content` may be a string.
 */
export const PiMessageSchema = schemas.PiMessageSchema;

/** A message of `message_start` / `message_update` / `message_end`. */
export type PiMessage = z.output<typeof PiMessageSchema>;

/** Validates a `message_start` or `message_end` line. */
export const PiMessageEventSchema = schemas.PiMessageEventSchema;

/** A `message_start` or `message_end` line. */
export type PiMessageEvent = z.output<typeof PiMessageEventSchema>;

/** Validates a `tool_execution_start` line: a tool call Pi runs. */
export const PiToolStartEventSchema = schemas.PiToolStartEventSchema;

/** A `tool_execution_start` line. */
export type PiToolStartEvent = z.output<typeof PiToolStartEventSchema>;

/** Validates a `tool_execution_end` line: the call's result, and whether it failed. */
export const PiToolEndEventSchema = schemas.PiToolEndEventSchema;

/** A `tool_execution_end` line. */
export type PiToolEndEvent = z.output<typeof PiToolEndEventSchema>;

/** Validates the `agent_settled` line that ends the output (1.6.0): the run is over, pushed back or not. */
export const PiAgentSettledEventSchema = schemas.PiAgentSettledEventSchema;

/** The `agent_settled` line that ends the output. */
export type PiAgentSettledEvent = z.output<typeof PiAgentSettledEventSchema>;

/** Validates an `auto_retry_end` line: whether Pi's own retries of a failed request succeeded. */
export const PiAutoRetryEndEventSchema = schemas.PiAutoRetryEndEventSchema;

/** An `auto_retry_end` line. */
export type PiAutoRetryEndEvent = z.output<typeof PiAutoRetryEndEventSchema>;
