import { z } from 'zod';

// `opencode run --format json` lines (`packages/opencode/src/cli/cmd/run.ts`, commit 00f9806): every line
// is `{type, timestamp, sessionID, …}` with a `part` from @opencode-ai/sdk (types checked against the
// installed SDK in tests) or an `error`. Field names are OpenCode's own (camelCase `sessionID`, `callID`).

const PartFields = {
  id: z.string(),
  sessionID: z.string(),
  messageID: z.string(),
};

/** Validates a text part: assistant text. */
export const OpenCodeTextPartSchema = z.looseObject({
  ...PartFields,
  type: z.literal('text'),
  text: z.string(),
  synthetic: z.boolean().optional(),
  ignored: z.boolean().optional(),
  time: z.looseObject({ start: z.number(), end: z.number().optional() }).optional(),
});
/** A text part: assistant text. */
export type OpenCodeTextPart = z.output<typeof OpenCodeTextPartSchema>;

/** Validates a reasoning part: the model's reasoning, never a final answer. */
export const OpenCodeReasoningPartSchema = z.looseObject({
  ...PartFields,
  type: z.literal('reasoning'),
  text: z.string(),
});
/** A reasoning part: the model's reasoning, never a final answer. */
export type OpenCodeReasoningPart = z.output<typeof OpenCodeReasoningPartSchema>;

/** Validates a step-start part: the start of one model step. */
export const OpenCodeStepStartPartSchema = z.looseObject({
  ...PartFields,
  type: z.literal('step-start'),
  snapshot: z.string().optional(),
});
/** A step-start part: the start of one model step. */
export type OpenCodeStepStartPart = z.output<typeof OpenCodeStepStartPartSchema>;

/** Validates token counts as OpenCode reports them on a step-finish part. */
export const OpenCodeTokensSchema = z.looseObject({
  total: z.number().optional(),
  input: z.number(),
  output: z.number(),
  reasoning: z.number(),
  cache: z.looseObject({ read: z.number(), write: z.number() }),
});
/** Token counts as OpenCode reports them on a step-finish part. */
export type OpenCodeTokens = z.output<typeof OpenCodeTokensSchema>;

/** Validates a step-finish part: the end of one model step, with its finish reason. */
export const OpenCodeStepFinishPartSchema = z.looseObject({
  ...PartFields,
  type: z.literal('step-finish'),
  reason: z.string(),
  snapshot: z.string().optional(),
  cost: z.number(),
  tokens: OpenCodeTokensSchema,
});
/** A step-finish part: the end of one model step, with its finish reason, cost and tokens. */
export type OpenCodeStepFinishPart = z.output<typeof OpenCodeStepFinishPartSchema>;

const ToolInputSchema = z.record(z.string(), z.unknown());

/** Validates a tool call's state, by `status`: pending, running, completed or error. */
export const OpenCodeToolStateSchema = z.discriminatedUnion('status', [
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
/** A tool call's state, by `status`: pending, running, completed or error. */
export type OpenCodeToolState = z.output<typeof OpenCodeToolStateSchema>;

/** Validates a tool part: one tool call with its call id, tool name and state. */
export const OpenCodeToolPartSchema = z.looseObject({
  ...PartFields,
  type: z.literal('tool'),
  callID: z.string(),
  tool: z.string(),
  state: OpenCodeToolStateSchema,
});
/** A tool part: one tool call with its call id, tool name and state. */
export type OpenCodeToolPart = z.output<typeof OpenCodeToolPartSchema>;

const LineFields = { timestamp: z.number(), sessionID: z.string() };

/** Validates a `step_start` line: the start of one model step. */
export const OpenCodeStepStartEventSchema = z.looseObject({
  type: z.literal('step_start'),
  ...LineFields,
  part: OpenCodeStepStartPartSchema,
});
/** Validates a `text` line: one text part. */
export const OpenCodeTextEventSchema = z.looseObject({
  type: z.literal('text'),
  ...LineFields,
  part: OpenCodeTextPartSchema,
});
/** Validates a `reasoning` line: one reasoning part. */
export const OpenCodeReasoningEventSchema = z.looseObject({
  type: z.literal('reasoning'),
  ...LineFields,
  part: OpenCodeReasoningPartSchema,
});
/** Validates a `tool_use` line: one tool part, with its state. */
export const OpenCodeToolUseEventSchema = z.looseObject({
  type: z.literal('tool_use'),
  ...LineFields,
  part: OpenCodeToolPartSchema,
});
/** Validates a `step_finish` line: the end of one model step, with its finish reason. */
export const OpenCodeStepFinishEventSchema = z.looseObject({
  type: z.literal('step_finish'),
  ...LineFields,
  part: OpenCodeStepFinishPartSchema,
});
/**
 * `error: {name, data?: {message?}}` in releases (`ProviderAuthError`, `APIError`, `UnknownError`); the dev
 * build prints `error: {type, message, status?}` instead. Both end the run.
 */
export const OpenCodeErrorEventSchema = z.looseObject({
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
/** Only in the current dev source (not in the 1.17.20 capture). */
export const OpenCodeDoneEventSchema = z.looseObject({
  type: z.literal('done'),
  ...LineFields,
  reason: z.string().optional(),
  rejected: z.array(z.string()).optional(),
});

/** Validates one `opencode run --format json` line of a known `type`, by its `type`. */
export const OpenCodeRunEventSchema = z.discriminatedUnion('type', [
  OpenCodeStepStartEventSchema,
  OpenCodeTextEventSchema,
  OpenCodeReasoningEventSchema,
  OpenCodeToolUseEventSchema,
  OpenCodeStepFinishEventSchema,
  OpenCodeErrorEventSchema,
  OpenCodeDoneEventSchema,
]);
/** One `opencode run --format json` line of a known `type`. */
export type OpenCodeRunEvent = z.output<typeof OpenCodeRunEventSchema>;

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
