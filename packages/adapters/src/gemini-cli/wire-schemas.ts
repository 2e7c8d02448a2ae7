// This runtime's namespace of `@skillpack/adapters/wire`: its schemas, taken from the builder of
// `wire-definitions.ts` (where they are written, with the versions they follow), which importing this builds.
// The readers call the builder and never import this module's values.

import type { z } from 'zod';
import { geminiCliWireSchemas } from './wire-definitions.js';

export { GEMINI_EVENT_TYPES, type GeminiEventType } from './wire-definitions.js';

const schemas = geminiCliWireSchemas();

/** Validates the `init` line that opens a run: the session id and the model. */
export const GeminiInitEventSchema = schemas.GeminiInitEventSchema;

/** The `init` line that opens a run: the session id and the model. */
export type GeminiInitEvent = z.output<typeof GeminiInitEventSchema>;

/**
 * Validates a `message` line: the user's prompt (`role: "user"`), or assistant text. Assistant `content` is a
 * delta (`delta: true`): the deltas of one model turn concatenate with no separator.
 */
export const GeminiMessageEventSchema = schemas.GeminiMessageEventSchema;

/** A `message` line: the user's prompt, or one delta of assistant text. */
export type GeminiMessageEvent = z.output<typeof GeminiMessageEventSchema>;

/** Validates a `tool_use` line: a tool call the model requested. */
export const GeminiToolUseEventSchema = schemas.GeminiToolUseEventSchema;

/** A `tool_use` line: a tool call the model requested. */
export type GeminiToolUseEvent = z.output<typeof GeminiToolUseEventSchema>;

/** Validates a `tool_result` line: how a call ended, with its display output or its error. */
export const GeminiToolResultEventSchema = schemas.GeminiToolResultEventSchema;

/** A `tool_result` line: how a call ended, with its display output or its error. */
export type GeminiToolResultEvent = z.output<typeof GeminiToolResultEventSchema>;

/**
 * Validates an `error` line. `severity: "warning"` is not fatal: `Agent execution blocked: <reason>` (an
 * AfterAgent hook pushed the answer back; the next text is the retry) and `Loop detected, stopping
 * execution`. `severity: "error"` (an invalid stream, `Maximum session turns exceeded`) precedes an error result.
 */
export const GeminiErrorEventSchema = schemas.GeminiErrorEventSchema;

/** An `error` line: a warning (a hook block, a loop) or an error. */
export type GeminiErrorEvent = z.output<typeof GeminiErrorEventSchema>;

/** Validates the token counts of a `result` line's `stats`. */
export const GeminiStreamStatsSchema = schemas.GeminiStreamStatsSchema;

/** The token counts of a `result` line's `stats`. */
export type GeminiStreamStats = z.output<typeof GeminiStreamStatsSchema>;

/** Validates the `result` line that ends a run: `status` `success` or `error` (with the error). */
export const GeminiResultEventSchema = schemas.GeminiResultEventSchema;

/** The `result` line that ends a run. */
export type GeminiResultEvent = z.output<typeof GeminiResultEventSchema>;

/**
 * Validates `--output-format json` (one pretty-printed object, no `type`). `response` joins, with no separator,
 * every answer of the last turn, hook-blocked ones included (`warnings` then holds `Agent execution blocked: …`);
 * on an API error stdout stays empty and `{session_id, error}` goes to stderr.
 */
export const GeminiJsonOutputSchema = schemas.GeminiJsonOutputSchema;

/** The `--output-format json` document. */
export type GeminiJsonOutput = z.output<typeof GeminiJsonOutputSchema>;

export { type GeminiAfterAgentInput, GeminiAfterAgentInputSchema } from './hook-input.js';

/**
 * Validates one message record of a session transcript (`~/.gemini/tmp/<project>/chats/session-*.jsonl`, the
 * hook's `transcript_path`): `type` `user` (content: parts) or `gemini` (content: the turn's text), keyed by
 * `id`; a record repeating an id replaces it in place (a message gains its `toolCalls`).
 */
export const GeminiTranscriptMessageSchema = schemas.GeminiTranscriptMessageSchema;

/** One message record of a session transcript. */
export type GeminiTranscriptMessage = z.output<typeof GeminiTranscriptMessageSchema>;
