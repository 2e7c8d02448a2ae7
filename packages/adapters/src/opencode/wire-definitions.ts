import { z } from 'zod';
import { builtOnce } from '../_shared/built-once.js';

/** Every `type` of an `opencode run --format json` line the OpenCode reader knows. */
export const OPENCODE_EVENT_TYPES = [
  'step_start',
  'text',
  'reasoning',
  'tool_use',
  'step_finish',
  'error',
  'done',
] as const;

/** `step_finish` reasons (AI SDK finish reasons) and how a run that stops there ended. */
export const OPENCODE_STEP_REASONS = {
  stop: 'complete',
  'tool-calls': 'truncated',
  length: 'length',
  'content-filter': 'refused',
  error: 'error',
} as const;

/**
 * The runtime's wire schemas, built on the first call and kept: loading its reader builds none, reading
 * one of its runs builds them (the public `@skillpack/adapters/wire` namespace builds them when loaded).
 */
export const openCodeWireSchemas = builtOnce(() => {
  // `opencode run --format json` lines (`packages/opencode/src/cli/cmd/run.ts`, commit 00f9806): every line
  // is `{type, timestamp, sessionID, …}` with a `part` from @opencode-ai/sdk (types checked against the
  // installed SDK in tests) or an `error`. Field names are OpenCode's own (camelCase `sessionID`, `callID`).

  const PartFields = {
    id: z.string(),
    sessionID: z.string(),
    messageID: z.string(),
  };

  const OpenCodeTextPartSchema = z.looseObject({
    ...PartFields,
    type: z.literal('text'),
    text: z.string(),
    synthetic: z.boolean().optional(),
    ignored: z.boolean().optional(),
    time: z.looseObject({ start: z.number(), end: z.number().optional() }).optional(),
  });

  const OpenCodeReasoningPartSchema = z.looseObject({
    ...PartFields,
    type: z.literal('reasoning'),
    text: z.string(),
  });

  const OpenCodeStepStartPartSchema = z.looseObject({
    ...PartFields,
    type: z.literal('step-start'),
    snapshot: z.string().optional(),
  });

  const OpenCodeTokensSchema = z.looseObject({
    total: z.number().optional(),
    input: z.number(),
    output: z.number(),
    reasoning: z.number(),
    cache: z.looseObject({ read: z.number(), write: z.number() }),
  });

  const OpenCodeStepFinishPartSchema = z.looseObject({
    ...PartFields,
    type: z.literal('step-finish'),
    reason: z.string(),
    snapshot: z.string().optional(),
    cost: z.number(),
    tokens: OpenCodeTokensSchema,
  });

  const ToolInputSchema = z.record(z.string(), z.unknown());

  const OpenCodeToolStateSchema = z.discriminatedUnion('status', [
    z.looseObject({ status: z.literal('pending'), input: ToolInputSchema, raw: z.string() }),
    z.looseObject({ status: z.literal('running'), input: ToolInputSchema, title: z.string().optional() }),
    z.looseObject({
      status: z.literal('completed'),
      input: ToolInputSchema,
      output: z.string(),
      title: z.string(),
    }),
    z.looseObject({ status: z.literal('error'), input: ToolInputSchema, error: z.string() }),
  ]);

  const OpenCodeToolPartSchema = z.looseObject({
    ...PartFields,
    type: z.literal('tool'),
    callID: z.string(),
    tool: z.string(),
    state: OpenCodeToolStateSchema,
  });

  const LineFields = { timestamp: z.number(), sessionID: z.string() };

  const OpenCodeStepStartEventSchema = z.looseObject({
    type: z.literal('step_start'),
    ...LineFields,
    part: OpenCodeStepStartPartSchema,
  });

  const OpenCodeTextEventSchema = z.looseObject({
    type: z.literal('text'),
    ...LineFields,
    part: OpenCodeTextPartSchema,
  });

  const OpenCodeReasoningEventSchema = z.looseObject({
    type: z.literal('reasoning'),
    ...LineFields,
    part: OpenCodeReasoningPartSchema,
  });

  const OpenCodeToolUseEventSchema = z.looseObject({
    type: z.literal('tool_use'),
    ...LineFields,
    part: OpenCodeToolPartSchema,
  });

  const OpenCodeStepFinishEventSchema = z.looseObject({
    type: z.literal('step_finish'),
    ...LineFields,
    part: OpenCodeStepFinishPartSchema,
  });

  const OpenCodeErrorEventSchema = z.looseObject({
    type: z.literal('error'),
    ...LineFields,
    error: z.union([
      z.looseObject({
        name: z.string(),
        data: z.looseObject({ message: z.string().optional() }).optional(),
      }),
      z.looseObject({
        type: z.string(),
        message: z.string().optional(),
        status: z.number().optional(),
      }),
    ]),
  });

  const OpenCodeDoneEventSchema = z.looseObject({
    type: z.literal('done'),
    ...LineFields,
    reason: z.string().optional(),
    rejected: z.array(z.string()).optional(),
  });

  const OpenCodeRunEventSchema = z.discriminatedUnion('type', [
    OpenCodeStepStartEventSchema,
    OpenCodeTextEventSchema,
    OpenCodeReasoningEventSchema,
    OpenCodeToolUseEventSchema,
    OpenCodeStepFinishEventSchema,
    OpenCodeErrorEventSchema,
    OpenCodeDoneEventSchema,
  ]);

  return {
    OpenCodeTextPartSchema,
    OpenCodeReasoningPartSchema,
    OpenCodeStepStartPartSchema,
    OpenCodeTokensSchema,
    OpenCodeStepFinishPartSchema,
    OpenCodeToolStateSchema,
    OpenCodeToolPartSchema,
    OpenCodeStepStartEventSchema,
    OpenCodeTextEventSchema,
    OpenCodeReasoningEventSchema,
    OpenCodeToolUseEventSchema,
    OpenCodeStepFinishEventSchema,
    OpenCodeErrorEventSchema,
    OpenCodeDoneEventSchema,
    OpenCodeRunEventSchema,
  };
});
