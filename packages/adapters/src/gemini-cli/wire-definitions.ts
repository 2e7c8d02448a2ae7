import { z } from 'zod';
import { builtOnce } from '../_shared/built-once.js';

// Gemini CLI 0.61.0 headless output (`-p … --output-format stream-json`), from the bundle's
// `JsonStreamEventType` / `StreamJsonFormatter` (packages/core/src/output/types.ts upstream) and the captures in
// test/fixtures/gemini-cli/captured. Every event carries `type` and an ISO `timestamp`; unknown fields pass
// through. The `--output-format json` document and the AfterAgent hook payload are here too.

/** Every `type` of a stream-json line. */
export const GEMINI_EVENT_TYPES = ['init', 'message', 'tool_use', 'tool_result', 'error', 'result'] as const;

/** A stream-json line's `type`, one of `GEMINI_EVENT_TYPES`. */
export type GeminiEventType = (typeof GEMINI_EVENT_TYPES)[number];

/**
 * The runtime's wire schemas, built on the first call and kept: loading its reader builds none, reading
 * one of its runs builds them (the public `@skillpack/adapters/wire` namespace builds them when loaded).
 */
export const geminiCliWireSchemas = builtOnce(() => {
  const GeminiInitEventSchema = z.looseObject({
    type: z.literal('init'),
    timestamp: z.string(),
    session_id: z.string(),
    model: z.string().optional(),
  });

  const GeminiMessageEventSchema = z.looseObject({
    type: z.literal('message'),
    timestamp: z.string(),
    role: z.enum(['user', 'assistant']),
    content: z.string(),
    delta: z.boolean().optional(),
  });

  const GeminiToolUseEventSchema = z.looseObject({
    type: z.literal('tool_use'),
    timestamp: z.string(),
    tool_name: z.string(),
    tool_id: z.string(),
    parameters: z.unknown().optional(),
  });

  const GeminiToolResultEventSchema = z.looseObject({
    type: z.literal('tool_result'),
    timestamp: z.string(),
    tool_id: z.string(),
    status: z.enum(['success', 'error']),
    output: z.string().optional(),
    error: z.looseObject({ type: z.string().optional(), message: z.string() }).optional(),
  });

  const GeminiErrorEventSchema = z.looseObject({
    type: z.literal('error'),
    timestamp: z.string(),
    severity: z.string(),
    message: z.string(),
  });

  const GeminiStreamStatsSchema = z.looseObject({
    total_tokens: z.number().optional(),
    input_tokens: z.number(),
    output_tokens: z.number(),
    cached: z.number().optional(),
    input: z.number().optional(),
    duration_ms: z.number().optional(),
    tool_calls: z.number().optional(),
  });

  const GeminiResultEventSchema = z.looseObject({
    type: z.literal('result'),
    timestamp: z.string(),
    status: z.enum(['success', 'error']),
    error: z.looseObject({ type: z.string().optional(), message: z.string() }).optional(),
    stats: z.unknown().optional(),
  });

  const GeminiJsonOutputSchema = z.looseObject({
    session_id: z.string().optional(),
    response: z.string().optional(),
    stats: z.unknown().optional(),
    warnings: z.array(z.string()).optional(),
    error: z
      .looseObject({ type: z.string().optional(), message: z.string(), code: z.unknown().optional() })
      .optional(),
  });

  const GeminiTranscriptMessageSchema = z.looseObject({
    id: z.string(),
    type: z.string(),
    timestamp: z.string().optional(),
    content: z.unknown().optional(),
    toolCalls: z.array(z.unknown()).optional(),
    model: z.string().optional(),
  });

  return {
    GeminiInitEventSchema,
    GeminiMessageEventSchema,
    GeminiToolUseEventSchema,
    GeminiToolResultEventSchema,
    GeminiErrorEventSchema,
    GeminiStreamStatsSchema,
    GeminiResultEventSchema,
    GeminiJsonOutputSchema,
    GeminiTranscriptMessageSchema,
  };
});
