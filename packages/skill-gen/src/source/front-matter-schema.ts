import { RUNTIME_IDS } from '@skillpack/adapters';
import { z } from 'zod';
import { ContractIdSchema } from '../config/pack-config.js';
import { SKILL_GEN_RUNTIMES } from '../runtimes/registry.js';
import {
  MetadataSchema,
  SkillDescriptionSchema,
  SkillNameSchema,
  ToolListSchema,
} from './front-matter-fields.js';

type Runtimes = typeof SKILL_GEN_RUNTIMES;

/** Each runtime's source section (`<id>:`), optional, as its declaration's `frontMatter` defines it. */
const RUNTIME_SECTIONS = Object.fromEntries(
  RUNTIME_IDS.map((id) => [id, SKILL_GEN_RUNTIMES[id].frontMatter.optional()]),
) as { [R in keyof Runtimes]: z.ZodOptional<Runtimes[R]['frontMatter']> };

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
  ...RUNTIME_SECTIONS,
});
/** The validated front matter of a skill source's `SKILL.md`. */
export type SkillFrontMatter = z.output<typeof SkillFrontMatterSchema>;
