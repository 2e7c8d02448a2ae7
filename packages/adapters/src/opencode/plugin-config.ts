import { z } from 'zod';
import { defineModuleConfig } from '../hooks/module-config.js';
import { ENFORCE_MODES } from '../hooks/stop-decision.js';

/** `<pack>.json` beside the prebuilt plugin `<pack>.js`: which contracts it enforces, and the prompt budget. */
export const OpenCodePluginConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  contracts: z.array(z.string().min(1)).min(1),
  maxPrompts: z.number().int().min(0).max(100).optional(),
  /** `attempted` (default): only answers that attempt a contract are checked; `always`: every answer. */
  enforce: z.enum(ENFORCE_MODES).optional(),
});
/** The `<pack>.json` beside the prebuilt OpenCode plugin, as validated: its contracts and prompt budget. */
export type OpenCodePluginConfig = z.output<typeof OpenCodePluginConfigSchema>;

const config = defineModuleConfig(
  OpenCodePluginConfigSchema,
  'plugin',
  '{"contracts":["conflux.acceptance"],"maxPrompts":2}',
);

/** The configuration file that belongs to a plugin module: the same path with `.json` for its extension. */
export const pluginConfigUrl = config.urlOf;
export const safeParseOpenCodePluginConfig = config.safeParse;
/** Read and validate a plugin configuration file; every problem is a ConfigError, never a throw. */
export const loadOpenCodePluginConfig = config.load;
