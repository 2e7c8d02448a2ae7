import { z } from 'zod';
import { specOverrides } from '../../source/front-matter-fields.js';

/** Codex reads `name` and `description`; UI and policy fields go to `agents/openai.yaml` (runtimes.md §3.1). */
export const CodexSectionSchema = z.strictObject({
  ...specOverrides,
  interface: z
    .strictObject({
      display_name: z.string().min(1).max(128),
      short_description: z.string().min(1).max(500),
      icon_small: z.string().min(1).max(1024),
      icon_large: z.string().min(1).max(1024),
      brand_color: z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'must be a colour like "#3B82F6"'),
      default_prompt: z.string().min(1).max(1024),
    })
    .partial()
    .optional(),
  policy: z.strictObject({ allow_implicit_invocation: z.boolean() }).partial().optional(),
  dependencies: z
    .strictObject({
      tools: z.array(
        z.strictObject({
          type: z.string().min(1).max(64),
          value: z.string().min(1).max(256),
          description: z.string().min(1).max(1024).optional(),
          transport: z.string().min(1).max(64).optional(),
          url: z.string().min(1).max(2048).optional(),
        }),
      ),
    })
    .optional(),
});
export type CodexSection = z.output<typeof CodexSectionSchema>;
