// This runtime's namespace of `@skillpack/adapters/wire`: its schemas, taken from the builder of
// `wire-definitions.ts` (where they are written, with the versions they follow), which importing this builds.
// The readers call the builder and never import this module's values.

import type { z } from 'zod';
import { qwenCodeWireSchemas } from './wire-definitions.js';

export { QWEN_EVENT_TYPES, QWEN_PASSIVE_EVENT_TYPES } from './wire-definitions.js';

const schemas = qwenCodeWireSchemas();

/** Validates a `system` line: `init` (with `qwen_code_version`), `retry`, `model_fallback`, … */
export const QwenSystemEventSchema = schemas.QwenSystemEventSchema;

/** A `system` line: `init` (with `qwen_code_version`), `retry`, `model_fallback`, … */
export type QwenSystemEvent = z.output<typeof QwenSystemEventSchema>;

/** Validates a `text` block of an assistant or user message. */
export const QwenTextBlockSchema = schemas.QwenTextBlockSchema;

/** Validates a `tool_use` block: one tool call with its id, name and input. */
export const QwenToolUseBlockSchema = schemas.QwenToolUseBlockSchema;

/** Validates a `tool_result` block of a `user` line: the outcome of one tool call. */
export const QwenToolResultBlockSchema = schemas.QwenToolResultBlockSchema;

/**
 * Validates an `assistant` line. Qwen Code 0.24.4 puts one block type in a message (text, thinking or
 * tool_use) and starts a new message when the type changes.
 */
export const QwenAssistantEventSchema = schemas.QwenAssistantEventSchema;

/** An `assistant` line: one assistant message with blocks of one type. */
export type QwenAssistantEvent = z.output<typeof QwenAssistantEventSchema>;

/** Validates a `user` line: tool results fed back to the model. */
export const QwenUserEventSchema = schemas.QwenUserEventSchema;

/** A `user` line: tool results fed back to the model. */
export type QwenUserEvent = z.output<typeof QwenUserEventSchema>;

/**
 * Validates a `stream_event` line: `--include-partial-messages` (`message_start`, `content_block_start`,
 * `content_block_delta`, `content_block_stop`, `message_stop`, `tool_progress`) and, always, `goal_state`.
 */
export const QwenStreamEventSchema = schemas.QwenStreamEventSchema;

/** A `stream_event` line. */
export type QwenStreamEvent = z.output<typeof QwenStreamEventSchema>;

/** Validates the `result` line: `success` with `result`, or `is_error: true` with `error.message`. */
export const QwenResultEventSchema = schemas.QwenResultEventSchema;

/** The `result` line that ends a run. */
export type QwenResultEvent = z.output<typeof QwenResultEventSchema>;

/** Validates token usage as Qwen Code reports it (Anthropic-style names plus `total_tokens`). */
export const QwenUsageSchema = schemas.QwenUsageSchema;

/** Token usage as Qwen Code reports it. */
export type QwenUsage = z.output<typeof QwenUsageSchema>;

/** Validates a `user` record: a person's prompt (`provenance: "real_user"`), or a cron or notification prompt. */
export const QwenTranscriptUserSchema = schemas.QwenTranscriptUserSchema;

/** A `user` record of the chat recording. */
export type QwenTranscriptUser = z.output<typeof QwenTranscriptUserSchema>;

/** Validates a `functionCall` part of an `assistant` record: one tool call as the model asked for it. */
export const QwenFunctionCallSchema = schemas.QwenFunctionCallSchema;

/** Validates an `assistant` record: one model response, its `text` parts (a `thought` part is reasoning; the text is joined as `getLastModelMessageText()` joins it) and calls. */
export const QwenTranscriptAssistantSchema = schemas.QwenTranscriptAssistantSchema;

/** An `assistant` record of the chat recording. */
export type QwenTranscriptAssistant = z.output<typeof QwenTranscriptAssistantSchema>;

/** Validates a `functionResponse` part of a `tool_result` record: `response.output`, or `response.error`. */
export const QwenFunctionResponseSchema = schemas.QwenFunctionResponseSchema;

/**
 * Validates a `tool_result` record: the call's `functionResponse` part, and `toolCallResult.status`
 * (`success`, or `error` for a call the server answered with an error or the CLI refused before running it:
 * `errorType: "invalid_tool_params"`, `executionStatus: "not_started"`).
 */
export const QwenTranscriptToolResultSchema = schemas.QwenTranscriptToolResultSchema;

/** A `tool_result` record of the chat recording. */
export type QwenTranscriptToolResult = z.output<typeof QwenTranscriptToolResultSchema>;

/** Validates a `system` record (`ui_telemetry`, `attribution_snapshot`, `notification`, …). */
export const QwenTranscriptSystemSchema = schemas.QwenTranscriptSystemSchema;
