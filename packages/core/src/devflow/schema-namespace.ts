// The devflow family's zod schemas, exported from `@skillpack/core/devflow` as the `schemas` namespace.

export { ActionSchema, MethodStepSchema, TransitionSchema } from './action.js';
export { ActionPayloadSchema, ApplyArgumentsSchema, RecoveryApplySchema } from './apply-arguments.js';
export { CancelTaskArgumentsSchema } from './cancel-task.js';
export { CoreErrorSchema, CoreRecoverySchema, ResultEnvelopeSchema } from './envelope.js';
export { NewTaskSchema, OpenTaskArgumentsSchema, VerificationBudgetSchema } from './new-task.js';
export {
  ComprehensionPayloadSchema,
  DeliveryPayloadSchema,
  DesignPayloadSchema,
  ImplementationPayloadSchema,
  NODE_PAYLOAD_SCHEMAS,
  RefactorPayloadSchema,
  RequirementsPayloadSchema,
  TasksPayloadSchema,
  TestPayloadSchema,
} from './node-payloads.js';
export {
  AcceptanceOutcomeSchema,
  BlockerResolutionPayloadSchema,
  ComprehensionResultSchema,
  DeliveryResultSchema,
  DesignBaselineSchema,
  DesignResultSchema,
  ImplementationResultSchema,
  RefactorResultSchema,
  RequirementsBaselineSchema,
  RequirementsResultSchema,
  TasksBaselineSchema,
  TasksResultSchema,
  TestCheckSchema,
  TestResultSchema,
  UserConfirmationSchema,
  WorkItemSchema,
} from './node-results.js';
export { OperationProbeSchema, RetainedIdentitySchema } from './operation-probe.js';
export { ArtifactReferenceSchema, MethodEvidenceItemSchema, ReasonSchema } from './payload-envelope.js';
export {
  CapabilitySchema,
  DigestSchema,
  IdSchema,
  RepositoryPathSchema,
  RevisionSchema,
  SemanticIdSchema,
  StringListSchema,
} from './primitives.js';
export { RecoveryAssessmentSchema } from './recovery-assessment.js';
