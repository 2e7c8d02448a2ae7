import { z } from 'zod';

/** Its section of `skillpack.config.json`: the plugin's marketplace entry. */
export const ClaudeCodeConfigSchema = z
  .strictObject({ category: z.string().min(1).max(64).optional() })
  .default({})
  .meta({ description: 'Claude Code marketplace entry.' });
