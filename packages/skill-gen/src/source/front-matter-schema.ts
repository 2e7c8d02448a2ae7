import { z } from 'zod';
import { ContractIdSchema } from '../config/pack-config.js';

/** Agent Skills spec: 1–64 lowercase letters, digits and single hyphens; equal to the folder name. */
export const SkillNameSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'must be lowercase letters, digits and single hyphens, like "review-pr"',
  );

export const SkillDescriptionSchema = z
  .string()
  .max(1024)
  .refine((value) => value.trim().length > 0, 'must not be empty');

/** Metadata keys are plain identifiers; values must be strings (quote `version: "1.0"`). */
export const MetadataSchema = z.record(
  z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'must be a plain key like "version" or "short-description"'),
  z.string().max(1024),
);

/** `allowed-tools`: a space-separated string in the spec; a YAML list is accepted and joined. */
export const ToolListSchema = z.union([
  z.string().min(1).max(4096),
  z.array(z.string().min(1).max(256)).min(1),
]);

const StringOrListSchema = z.union([
  z.string().min(1).max(4096),
  z.array(z.string().min(1).max(1024)).min(1),
]);

const specOverrides = {
  description: SkillDescriptionSchema.optional(),
  license: z.string().min(1).max(1024).optional(),
  compatibility: z.string().min(1).max(500).optional(),
  metadata: MetadataSchema.optional(),
};

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

/** OpenCode reads only the spec keys (runtimes.md §4.1). */
export const OpenCodeSectionSchema = z.strictObject(specOverrides);
export type OpenCodeSection = z.output<typeof OpenCodeSectionSchema>;

/** Gemini CLI reads only `name` and `description`; its section overrides the spec keys (skillLoader.js, 0.61). */
export const GeminiCliSectionSchema = z.strictObject(specOverrides);
export type GeminiCliSection = z.output<typeof GeminiCliSectionSchema>;

/** GitHub Copilot CLI lists a skill by its spec keys (`copilot skill list`, 1.0.102). */
export const CopilotCliSectionSchema = z.strictObject(specOverrides);
export type CopilotCliSection = z.output<typeof CopilotCliSectionSchema>;

/** Qwen Code 0.24.4 reads the spec keys plus `allowed-tools` (runtimes-next.md §3); overrides of the spec keys. */
export const QwenCodeSectionSchema = z.strictObject({
  ...specOverrides,
  'allowed-tools': ToolListSchema.optional(),
});
export type QwenCodeSection = z.output<typeof QwenCodeSectionSchema>;

export const SkillFrontMatterSchema = z.strictObject({
  name: SkillNameSchema,
  description: SkillDescriptionSchema,
  license: z.string().min(1).max(1024).optional(),
  compatibility: z.string().min(1).max(500).optional(),
  metadata: MetadataSchema.optional(),
  'allowed-tools': ToolListSchema.optional(),
  contracts: z
    .array(ContractIdSchema)
    .max(16)
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, 'must not list a contract twice'),
  'claude-code': ClaudeCodeSectionSchema.optional(),
  codex: CodexSectionSchema.optional(),
  opencode: OpenCodeSectionSchema.optional(),
  'gemini-cli': GeminiCliSectionSchema.optional(),
  'copilot-cli': CopilotCliSectionSchema.optional(),
  'qwen-code': QwenCodeSectionSchema.optional(),
});
/** The validated front matter of a skill source's `SKILL.md`. */
export type SkillFrontMatter = z.output<typeof SkillFrontMatterSchema>;
