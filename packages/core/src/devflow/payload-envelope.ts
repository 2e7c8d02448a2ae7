import { z } from 'zod';
import { textDefect } from './_text.js';
import { DEVFLOW_LIMITS } from './limits.js';
import {
  CapabilitySchema,
  coreText,
  DigestSchema,
  RepositoryPathSchema,
  SemanticIdSchema,
} from './primitives.js';
import { ARTIFACT_ROLES, METHOD_STEP_STATUSES } from './vocabulary.js';

/** A process artifact a node produced: an observed role, repository-relative path, digest and summary. */
export const ArtifactReferenceSchema = z.strictObject({
  role: z.enum(ARTIFACT_ROLES),
  path: RepositoryPathSchema,
  digest: DigestSchema,
  summary: coreText('MAX_EVIDENCE_SUMMARY_BYTES'),
});
/** A process artifact a node produced: its role, repository-relative path, digest and summary. */
export type ArtifactReference = z.output<typeof ArtifactReferenceSchema>;

/** How one Action method step was performed (checked against the Action's steps by `checkMethodEvidence`). */
export const MethodEvidenceItemSchema = z.strictObject({
  step_id: SemanticIdSchema,
  status: z.enum(METHOD_STEP_STATUSES),
  capability: CapabilitySchema,
  summary: coreText('MAX_EVIDENCE_SUMMARY_BYTES'),
});
/** How one of the Action's method steps was performed. */
export type MethodEvidenceItem = z.output<typeof MethodEvidenceItemSchema>;

/** `""`, or Core-normalised text of at most 4096 bytes; whether it may be empty depends on the transition. */
export const ReasonSchema = z
  .string()
  .superRefine((value, ctx) => {
    if (value === '') return;
    const defect = textDefect(value, DEVFLOW_LIMITS.MAX_REASON_BYTES);
    if (defect !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `reason must be "" or trimmed text of at most MAX_REASON_BYTES (${DEVFLOW_LIMITS.MAX_REASON_BYTES} UTF-8 bytes); it is ${defect.replace('_', ' ')}`,
        params: { rule: `text_${defect}`, limit: 'MAX_REASON_BYTES', max: DEVFLOW_LIMITS.MAX_REASON_BYTES },
      });
    }
  })
  .meta({ maxLength: DEVFLOW_LIMITS.MAX_REASON_BYTES });

/** The six-member closed envelope every node payload shares, around that node's `node_result`. */
export function nodePayloadSchema<R extends z.ZodType>(nodeResult: R) {
  return z.strictObject({
    transition_id: SemanticIdSchema,
    summary: coreText('MAX_EVIDENCE_SUMMARY_BYTES'),
    reason: ReasonSchema,
    artifacts: z.array(ArtifactReferenceSchema).max(DEVFLOW_LIMITS.MAX_ARTIFACT_REFERENCES_PER_ACTION),
    method_evidence: z.array(MethodEvidenceItemSchema).max(DEVFLOW_LIMITS.MAX_METHOD_EVIDENCE_PER_ACTION),
    node_result: nodeResult,
  });
}
