// This runtime's namespace of `@skillpack/adapters/wire`: its schemas, taken from the builder of
// `wire-definitions.ts` (where they are written, with the versions they follow), which importing this builds.
// The readers call the builder and never import this module's values.

import type { z } from 'zod';
import { claudeCodeWireSchemas } from './wire-definitions.js';

export {
  CLAUDE_EVENT_TYPES,
  CLAUDE_PASSIVE_EVENT_TYPES,
  CLAUDE_RESULT_SUBTYPES,
} from './wire-definitions.js';

const schemas = claudeCodeWireSchemas();

/** Validates token usage as Claude Code reports it on a message or a result. */
export const ClaudeUsageSchema = schemas.ClaudeUsageSchema;

/** Token usage as Claude Code reports it on a message or a result. */
export type ClaudeUsage = z.output<typeof ClaudeUsageSchema>;

/** Validates a `text` content block: assistant text. */
export const ClaudeTextBlockSchema = schemas.ClaudeTextBlockSchema;

/** A `text` content block: assistant text. */
export type ClaudeTextBlock = z.output<typeof ClaudeTextBlockSchema>;

/** Validates a `thinking` content block: the model's reasoning, never a final answer. */
export const ClaudeThinkingBlockSchema = schemas.ClaudeThinkingBlockSchema;

/** A `thinking` content block: the model's reasoning, never a final answer. */
export type ClaudeThinkingBlock = z.output<typeof ClaudeThinkingBlockSchema>;

/** Validates a `tool_use` content block: one tool call with its id, name and input. */
export const ClaudeToolUseBlockSchema = schemas.ClaudeToolUseBlockSchema;

/** A `tool_use` content block: one tool call with its id, name and input. */
export type ClaudeToolUseBlock = z.output<typeof ClaudeToolUseBlockSchema>;

/** Validates a `tool_result` content block: the outcome of one tool call. */
export const ClaudeToolResultBlockSchema = schemas.ClaudeToolResultBlockSchema;

/** A `tool_result` content block: the outcome of one tool call, sent back to the model. */
export type ClaudeToolResultBlock = z.output<typeof ClaudeToolResultBlockSchema>;

/** Content blocks the reader interprets; other block types are counted as unknown. */
export const ClaudeContentBlockSchema = schemas.ClaudeContentBlockSchema;

/** One content block the reader interprets: text, thinking, tool use or tool result. */
export type ClaudeContentBlock = z.output<typeof ClaudeContentBlockSchema>;

/** Validates a `system` line, such as the `init` event that opens a run. */
export const ClaudeSystemEventSchema = schemas.ClaudeSystemEventSchema;

/** A `system` line, such as the `init` event that opens a run. */
export type ClaudeSystemEvent = z.output<typeof ClaudeSystemEventSchema>;

/** Validates an `assistant` line: one assistant message with its content blocks. */
export const ClaudeAssistantEventSchema = schemas.ClaudeAssistantEventSchema;

/** An `assistant` line: one assistant message with its content blocks. */
export type ClaudeAssistantEvent = z.output<typeof ClaudeAssistantEventSchema>;

/** Validates a `user` line: a user message, such as the tool results fed back to the model. */
export const ClaudeUserEventSchema = schemas.ClaudeUserEventSchema;

/** A `user` line: a user message, such as the tool results fed back to the model. */
export type ClaudeUserEvent = z.output<typeof ClaudeUserEventSchema>;

/**
 * `--include-partial-messages`: one raw API stream event (`content_block_delta`, `message_start`, …). A
 * `message_delta`'s `delta` has no `type` (`{stop_reason, stop_sequence}`), so `type` is optional.
 */
export const ClaudeStreamEventSchema = schemas.ClaudeStreamEventSchema;

/** A `stream_event` line: one partial-message event of `--include-partial-messages`. */
export type ClaudeStreamEvent = z.output<typeof ClaudeStreamEventSchema>;

/** The last line of stream-json, and the whole of `--output-format json`. Error subtypes have no `result`. */
export const ClaudeResultEventSchema = schemas.ClaudeResultEventSchema;

/** The `result` line that ends a stream-json run, or the whole `--output-format json` document. */
export type ClaudeResultEvent = z.output<typeof ClaudeResultEventSchema>;
