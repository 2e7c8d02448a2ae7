import { ClaudeCodeConfigSchema } from './claude-code/config.js';
import { CodexConfigSchema } from './codex/config.js';

/**
 * The runtimes' own sections of `skillpack.config.json`, one line per runtime that has one (`config.ts` of its
 * folder). Apart from `registry.ts` so that reading a config loads the section schemas alone, never a renderer:
 * `skillpack parse` bundles the config schema.
 */
export const RUNTIME_CONFIG_SECTIONS = {
  'claude-code': ClaudeCodeConfigSchema,
  codex: CodexConfigSchema,
} as const;
