import { z } from 'zod';

// Gemini CLI 0.61.0 headless output (`-p … --output-format stream-json`), from the bundle's
// `JsonStreamEventType` / `StreamJsonFormatter` (packages/core/src/output/types.ts upstream) and the captures in
// test/fixtures/gemini-cli/captured. Every event carries `type` and an ISO `timestamp`; unknown fields pass
// through. The `--output-format json` document and the AfterAgent hook payload are here too.

/** Every `type` of a stream-json line. */
export const GEMINI_EVENT_TYPES = ['init', 'message', 'tool_use', 'tool_result', 'error', 'result'] as const;
/** A stream-json line's `type`, one of `GEMINI_EVENT_TYPES`. */
export type GeminiEventType = (typeof GEMINI_EVENT_TYPES)[number];

/** Validates the `init` line that opens a run: the session id and the model. */
export const GeminiInitEventSchema = z.looseObject({
  type: z.literal('init'),
  timestamp: z.string(),
  session_id: z.string(),
  model: z.string().optional(),
});
/** The `init` line that opens a run: the session id and the model. */
export type GeminiInitEvent = z.output<typeof GeminiInitEventSchema>;

/**
 * Validates a `message` line: the user's prompt (`role: "user"`), or assistant text. Assistant `content` is a
 * delta (`delta: true`): the deltas of one model turn concatenate with no separator.
 */
export const GeminiMessageEventSchema = z.looseObject({
  type: z.literal('message'),
  timestamp: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  delta: z.boolean().optional(),
});
/** A `message` line: the user's prompt, or one delta of assistant text. */
export type GeminiMessageEvent = z.output<typeof GeminiMessageEventSchema>;

/** Validates a `tool_use` line: a tool call the model requested. */
export const GeminiToolUseEventSchema = z.looseObject({
  type: z.literal('tool_use'),
  timestamp: z.string(),
  tool_name: z.string(),
  tool_id: z.string(),
  parameters: z.unknown().optional(),
});
/** A `tool_use` line: a tool call the model requested. */
export type GeminiToolUseEvent = z.output<typeof GeminiToolUseEventSchema>;

/** Validates a `tool_result` line: how a call ended, with its display output or its error. */
export const GeminiToolResultEventSchema = z.looseObject({
  type: z.literal('tool_result'),
  timestamp: z.string(),
  tool_id: z.string(),
  status: z.enum(['success', 'error']),
  output: z.string().optional(),
  error: z.looseObject({ type: z.string().optional(), message: z.string() }).optional(),
});
/** A `tool_result` line: how a call ended, with its display output or its error. */
export type GeminiToolResultEvent = z.output<typeof GeminiToolResultEventSchema>;

/**
 * Validates an `error` line. `severity: "warning"` is not fatal: `Agent execution blocked: <reason>` (an
 * AfterAgent hook pushed the answer back; the next text is the retry) and `Loop detected, stopping
 * execution`. `severity: "error"` (an invalid stream, `Maximum session turns exceeded`) precedes an error result.
 */
export const GeminiErrorEventSchema = z.looseObject({
  type: z.literal('error'),
  timestamp: z.string(),
  severity: z.string(),
  message: z.string(),
});
/** An `error` line: a warning (a hook block, a loop) or an error. */
export type GeminiErrorEvent = z.output<typeof GeminiErrorEventSchema>;

/** Validates the token counts of a `result` line's `stats`. */
export const GeminiStreamStatsSchema = z.looseObject({
  total_tokens: z.number().optional(),
  input_tokens: z.number(),
  output_tokens: z.number(),
  cached: z.number().optional(),
  input: z.number().optional(),
  duration_ms: z.number().optional(),
  tool_calls: z.number().optional(),
});
/** The token counts of a `result` line's `stats`. */
export type GeminiStreamStats = z.output<typeof GeminiStreamStatsSchema>;

/** Validates the `result` line that ends a run: `status` `success` or `error` (with the error). */
export const GeminiResultEventSchema = z.looseObject({
  type: z.literal('result'),
  timestamp: z.string(),
  status: z.enum(['success', 'error']),
  error: z.looseObject({ type: z.string().optional(), message: z.string() }).optional(),
  stats: z.unknown().optional(),
});
/** The `result` line that ends a run. */
export type GeminiResultEvent = z.output<typeof GeminiResultEventSchema>;

/**
 * Validates `--output-format json` (one pretty-printed object, no `type`). `response` joins, with no separator,
 * every answer of the last turn, hook-blocked ones included (`warnings` then holds `Agent execution blocked: …`);
 * on an API error stdout stays empty and `{session_id, error}` goes to stderr.
 */
export const GeminiJsonOutputSchema = z.looseObject({
  session_id: z.string().optional(),
  response: z.string().optional(),
  stats: z.unknown().optional(),
  warnings: z.array(z.string()).optional(),
  error: z
    .looseObject({ type: z.string().optional(), message: z.string(), code: z.unknown().optional() })
    .optional(),
});
/** The `--output-format json` document. */
export type GeminiJsonOutput = z.output<typeof GeminiJsonOutputSchema>;

export { type GeminiAfterAgentInput, GeminiAfterAgentInputSchema } from './hook-input.js';

/**
 * Validates one message record of a session transcript (`~/.gemini/tmp/<project>/chats/session-*.jsonl`, the
 * hook's `transcript_path`): `type` `user` (content: parts) or `gemini` (content: the turn's text), keyed by
 * `id`; a record repeating an id replaces it in place (a message gains its `toolCalls`).
 */
export const GeminiTranscriptMessageSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  timestamp: z.string().optional(),
  content: z.unknown().optional(),
  toolCalls: z.array(z.unknown()).optional(),
  model: z.string().optional(),
});
/** One message record of a session transcript. */
export type GeminiTranscriptMessage = z.output<typeof GeminiTranscriptMessageSchema>;
