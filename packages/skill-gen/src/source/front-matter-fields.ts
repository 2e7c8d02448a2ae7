// The front-matter fields of the Agent Skills spec, which skill sources and each runtime's section (`front-matter.ts`
// of its folder) are built from.
import { z } from 'zod';

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

/** A string, or a YAML list of strings. */
export const StringOrListSchema = z.union([
  z.string().min(1).max(4096),
  z.array(z.string().min(1).max(1024)).min(1),
]);

/** The spec keys a runtime's section may override. */
export const specOverrides = {
  description: SkillDescriptionSchema.optional(),
  license: z.string().min(1).max(1024).optional(),
  compatibility: z.string().min(1).max(500).optional(),
  metadata: MetadataSchema.optional(),
};
