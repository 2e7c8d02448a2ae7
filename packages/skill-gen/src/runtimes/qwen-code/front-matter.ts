import { z } from 'zod';
import { specOverrides, ToolListSchema } from '../../source/front-matter-fields.js';

/** Qwen Code 0.24.4 reads the spec keys plus `allowed-tools` (runtimes-next.md §3); overrides of the spec keys. */
export const QwenCodeSectionSchema = z.strictObject({
  ...specOverrides,
  'allowed-tools': ToolListSchema.optional(),
});
export type QwenCodeSection = z.output<typeof QwenCodeSectionSchema>;
