import type { RuntimeId } from '../runtime-id.js';

export const RUNTIME_ID = 'opencode' satisfies RuntimeId;
export type { OpenCodePluginOptions } from './plugin.js';
export { createOpenCodePlugin, DEFAULT_MAX_PROMPTS, PROMPT_METADATA_KEY } from './plugin.js';
export type { OpenCodePluginConfig } from './plugin-config.js';
export {
  loadOpenCodePluginConfig,
  OpenCodePluginConfigSchema,
  pluginConfigUrl,
  safeParseOpenCodePluginConfig,
} from './plugin-config.js';
export type {
  OpenCodeClientLike,
  OpenCodeEventLike,
  OpenCodeHooks,
  OpenCodeMessageLike,
  OpenCodePlugin,
  OpenCodePluginInput,
} from './plugin-types.js';
export { readOpenCodeRun } from './read.js';
export { unwrapOpenCodeLine } from './unwrap.js';
export type {
  OpenCodeReasoningPart,
  OpenCodeRunEvent,
  OpenCodeStepFinishPart,
  OpenCodeStepStartPart,
  OpenCodeTextPart,
  OpenCodeTokens,
  OpenCodeToolPart,
  OpenCodeToolState,
} from './wire-schemas.js';
export {
  OPENCODE_EVENT_TYPES,
  OPENCODE_STEP_REASONS,
  OpenCodeDoneEventSchema,
  OpenCodeErrorEventSchema,
  OpenCodeReasoningEventSchema,
  OpenCodeReasoningPartSchema,
  OpenCodeRunEventSchema,
  OpenCodeStepFinishEventSchema,
  OpenCodeStepFinishPartSchema,
  OpenCodeStepStartEventSchema,
  OpenCodeStepStartPartSchema,
  OpenCodeTextEventSchema,
  OpenCodeTextPartSchema,
  OpenCodeTokensSchema,
  OpenCodeToolPartSchema,
  OpenCodeToolStateSchema,
  OpenCodeToolUseEventSchema,
} from './wire-schemas.js';
