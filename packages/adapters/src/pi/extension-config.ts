import { z } from 'zod';
import { defineModuleConfig } from '../hooks/module-config.js';
import { ENFORCE_MODES } from '../hooks/stop-decision.js';

/** `<pack>.json` beside the bundled extension `<pack>.js`: which contracts it enforces, and its block budget. */
export const PiExtensionConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  contracts: z.array(z.string().min(1)).min(1),
  maxBlocks: z.number().int().min(0).max(100).optional(),
  /** `attempted` (default): only answers that attempt a contract are checked; `always`: every answer. */
  enforce: z.enum(ENFORCE_MODES).optional(),
});
/** The `<pack>.json` beside the bundled Pi extension, as validated. */
export type PiExtensionConfig = z.output<typeof PiExtensionConfigSchema>;

const config = defineModuleConfig(
  PiExtensionConfigSchema,
  'extension',
  '{"contracts":["conflux.acceptance"],"maxBlocks":2}',
);

/** The configuration file of an extension module: the same path with `.json` for its extension. */
export const extensionConfigUrl = config.urlOf;
export const safeParsePiExtensionConfig = config.safeParse;
/** Read and validate an extension configuration file; every problem is a ConfigError, never a throw. */
export const loadPiExtensionConfig = config.load;
