import { z } from 'zod';
import { describeValue } from '../errors.js';
import { fail, ok, type Result } from '../result.js';
import { isJsonObject } from '../text/json-line.js';
import { devflowError, errorFromIssues } from './_errors.js';
import { isDigest } from './_text.js';
import type { DevflowProtocolError } from './error-codes.js';
import { DigestSchema, IdSchema, RevisionSchema } from './primitives.js';
import { ACTION_KINDS, NODE_IDS } from './vocabulary.js';

export const RECOVERY_CLASSIFICATIONS = [
  'not_started',
  'completed_and_recorded',
  'completed_but_unrecorded',
  'partially_completed',
  'conflicting',
] as const;
/** What happened to an uncertain operation, one of `RECOVERY_CLASSIFICATIONS`. */
export type RecoveryClassification = (typeof RECOVERY_CLASSIFICATIONS)[number];

/** Core's one permitted next step; the only member of an assessment an adapter acts on. */
export const RECOVERY_ADVICE = [
  'retry_current_action',
  'submit_recovery_apply',
  'read_next_action',
  'resolve_blocker',
  'stop_for_repository_drift',
] as const;
/** Core's one permitted next step after an uncertain operation, one of `RECOVERY_ADVICE`. */
export type RecoveryAdvice = (typeof RECOVERY_ADVICE)[number];

export const REPOSITORY_RELATIONS = ['exact', 'worktree_only_changed', 'forbidden_change'] as const;
export const LAST_OPERATION_RELATIONS = ['exact', 'unrelated', 'contradictory'] as const;
export const OPERATION_EVIDENCE_STATES = ['none', 'complete', 'partial', 'contradictory'] as const;

const Timestamp = z.iso.datetime({ offset: true });

/** The graph operation an assessment is about (Core's `OperationReference`; process members kept as sent). */
export const AssessedOperationSchema = z.looseObject({
  operation_id: IdSchema,
  source_cursor: z.enum(NODE_IDS),
  expected_revision: RevisionSchema,
  action_id: IdSchema,
  action_kind: z.enum(ACTION_KINDS),
  repository_binding_digest: DigestSchema,
});

export const CommittedProofSchema = z.looseObject({
  operation_id: IdSchema,
  kind: z.string(),
  action_id: IdSchema,
  from_revision: RevisionSchema,
  to_revision: RevisionSchema,
  payload_digest: DigestSchema,
  committed_at: Timestamp,
});

export const UnblockConditionSchema = z.looseObject({
  kind: z.string().min(1),
  expected_binding_digest: DigestSchema,
});

/** `recovery_assessment` (`internal/recovery/types.go`): complete, about one operation, with `next_advice`. */
export const RecoveryAssessmentSchema = z.looseObject({
  classification: z.enum(RECOVERY_CLASSIFICATIONS),
  operation: AssessedOperationSchema,
  task_revision: z.int().min(0),
  current_action_id: IdSchema.nullable(),
  issuance_binding_digest: DigestSchema,
  authoritative_binding_digest: DigestSchema,
  observed_binding_digest: z
    .string()
    .refine((value) => value === '' || isDigest(value), 'expected "" or a digest'),
  repository_relation: z.enum(REPOSITORY_RELATIONS),
  last_operation_relation: z.enum(LAST_OPERATION_RELATIONS),
  operation_evidence: z.enum(OPERATION_EVIDENCE_STATES),
  operation_payload_digest: DigestSchema.nullable(),
  committed_proof: CommittedProofSchema.nullish(),
  action_retry_safe: z.boolean(),
  next_advice: z.enum(RECOVERY_ADVICE),
  unblock_condition: UnblockConditionSchema.nullish(),
  observed_at: Timestamp,
});
/** Core's `recovery_assessment` of one operation, with its `next_advice`. */
export type RecoveryAssessment = z.output<typeof RecoveryAssessmentSchema>;

/** Validate a recovery assessment; an absent, truncated or malformed one means: stop. */
export function safeParseRecoveryAssessment(
  value: unknown,
): Result<RecoveryAssessment, DevflowProtocolError> {
  if (value === undefined || value === null) {
    return fail(
      devflowError(
        'recovery_assessment_missing',
        'recovery_assessment_missing',
        `Core returned no recovery_assessment (received ${describeValue(value)}); stop without retrying.`,
      ),
    );
  }
  const parsed = RecoveryAssessmentSchema.safeParse(value);
  return parsed.success
    ? ok(parsed.data)
    : fail(
        errorFromIssues(
          'recovery_assessment_invalid',
          'The recovery_assessment is incomplete or malformed; stop without retrying',
          parsed.error.issues,
          value,
        ),
      );
}

/** The assessment carried by a complete `dev_flow_get_task` (or get_next_action) result. */
export function bindRecoveryAssessment(result: unknown): Result<RecoveryAssessment, DevflowProtocolError> {
  return safeParseRecoveryAssessment(
    isJsonObject(result) && Object.hasOwn(result, 'recovery_assessment')
      ? result.recovery_assessment
      : undefined,
  );
}
