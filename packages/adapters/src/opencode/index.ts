import type { RuntimeId } from '../runtime-id.js';

/** The runtime id this subpath reads: `opencode`. */
export const RUNTIME_ID = 'opencode' satisfies RuntimeId;
export type { OpenCodePluginOptions } from './plugin.js';
export { createOpenCodePlugin, DEFAULT_MAX_PROMPTS, PROMPT_METADATA_KEY } from './plugin.js';
export type { OpenCodePluginConfig } from './plugin-config.js';
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
