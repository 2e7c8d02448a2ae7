import { z } from 'zod';
import { StringOrListSchema, specOverrides, ToolListSchema } from '../../source/front-matter-fields.js';

/** Keys Claude Code honours beyond the spec (runtimes.md §2.2); `hooks` is generated, never authored. */
export const ClaudeCodeSectionSchema = z.strictObject({
  ...specOverrides,
  'allowed-tools': ToolListSchema.optional(),
  when_to_use: z.string().min(1).max(1536).optional(),
  'argument-hint': z.string().min(1).max(256).optional(),
  arguments: StringOrListSchema.optional(),
  'disable-model-invocation': z.boolean().optional(),
  'user-invocable': z.boolean().optional(),
  'disallowed-tools': ToolListSchema.optional(),
  model: z.string().min(1).max(128).optional(),
  effort: z.string().min(1).max(32).optional(),
  context: z.literal('fork').optional(),
  agent: z.string().min(1).max(128).optional(),
  background: z.boolean().optional(),
  paths: StringOrListSchema.optional(),
  shell: z.enum(['bash', 'powershell']).optional(),
});
export type ClaudeCodeSection = z.output<typeof ClaudeCodeSectionSchema>;
