// This runtime's namespace of `@skillpack/adapters/wire`: its schemas, taken from the builder of
// `wire-definitions.ts` (where they are written, with the versions they follow), which importing this builds.
// The readers call the builder and never import this module's values.

import type { z } from 'zod';
import { openCodeWireSchemas } from './wire-definitions.js';

export { OPENCODE_EVENT_TYPES, OPENCODE_STEP_REASONS } from './wire-definitions.js';

const schemas = openCodeWireSchemas();

/** Validates a text part: assistant text. */
export const OpenCodeTextPartSchema = schemas.OpenCodeTextPartSchema;

/** A text part: assistant text. */
export type OpenCodeTextPart = z.output<typeof OpenCodeTextPartSchema>;

/** Validates a reasoning part: the model's reasoning, never a final answer. */
export const OpenCodeReasoningPartSchema = schemas.OpenCodeReasoningPartSchema;

/** A reasoning part: the model's reasoning, never a final answer. */
export type OpenCodeReasoningPart = z.output<typeof OpenCodeReasoningPartSchema>;

/** Validates a step-start part: the start of one model step. */
export const OpenCodeStepStartPartSchema = schemas.OpenCodeStepStartPartSchema;

/** A step-start part: the start of one model step. */
export type OpenCodeStepStartPart = z.output<typeof OpenCodeStepStartPartSchema>;

/** Validates token counts as OpenCode reports them on a step-finish part. */
export const OpenCodeTokensSchema = schemas.OpenCodeTokensSchema;

/** Token counts as OpenCode reports them on a step-finish part. */
export type OpenCodeTokens = z.output<typeof OpenCodeTokensSchema>;

/** Validates a step-finish part: the end of one model step, with its finish reason. */
export const OpenCodeStepFinishPartSchema = schemas.OpenCodeStepFinishPartSchema;

/** A step-finish part: the end of one model step, with its finish reason, cost and tokens. */
export type OpenCodeStepFinishPart = z.output<typeof OpenCodeStepFinishPartSchema>;

/** Validates a tool call's state, by `status`: pending, running, completed or error. */
export const OpenCodeToolStateSchema = schemas.OpenCodeToolStateSchema;

/** A tool call's state, by `status`: pending, running, completed or error. */
export type OpenCodeToolState = z.output<typeof OpenCodeToolStateSchema>;

/** Validates a tool part: one tool call with its call id, tool name and state. */
export const OpenCodeToolPartSchema = schemas.OpenCodeToolPartSchema;

/** A tool part: one tool call with its call id, tool name and state. */
export type OpenCodeToolPart = z.output<typeof OpenCodeToolPartSchema>;

/** Validates a `step_start` line: the start of one model step. */
export const OpenCodeStepStartEventSchema = schemas.OpenCodeStepStartEventSchema;

/** Validates a `text` line: one text part. */
export const OpenCodeTextEventSchema = schemas.OpenCodeTextEventSchema;

/** Validates a `reasoning` line: one reasoning part. */
export const OpenCodeReasoningEventSchema = schemas.OpenCodeReasoningEventSchema;

/** Validates a `tool_use` line: one tool part, with its state. */
export const OpenCodeToolUseEventSchema = schemas.OpenCodeToolUseEventSchema;

/** Validates a `step_finish` line: the end of one model step, with its finish reason. */
export const OpenCodeStepFinishEventSchema = schemas.OpenCodeStepFinishEventSchema;

/**
 * `error: {name, data?: {message?}}` in releases (`ProviderAuthError`, `APIError`, `UnknownError`); the dev
 * build prints `error: {type, message, status?}` instead. Both end the run.
 */
export const OpenCodeErrorEventSchema = schemas.OpenCodeErrorEventSchema;

/** Only in the current dev source (not in the 1.17.20 capture). */
export const OpenCodeDoneEventSchema = schemas.OpenCodeDoneEventSchema;

/** Validates one `opencode run --format json` line of a known `type`, by its `type`. */
export const OpenCodeRunEventSchema = schemas.OpenCodeRunEventSchema;

/** One `opencode run --format json` line of a known `type`. */
export type OpenCodeRunEvent = z.output<typeof OpenCodeRunEventSchema>;
