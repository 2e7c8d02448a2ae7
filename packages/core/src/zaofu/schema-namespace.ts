// The zaofu family's zod schemas, exported from `@skillpack/core/zaofu` as the `schemas` namespace.

export {
  ArchProposalDonePayloadSchema,
  ScopeComplianceSchema,
  TestPlanSchema,
} from './arch-proposal-done.js';
export {
  ArtifactManifestPublishedPayloadSchema,
  ArtifactRefSchema,
  ArtifactStatusSchema,
} from './artifact-manifest-published.js';
export { TaskContractInvalidPayloadSchema } from './completion-payload.js';
export {
  CritiqueFindingSchema,
  DesignCritiqueApproveSchema,
  DesignCritiqueDonePayloadSchema,
  DesignCritiqueRejectSchema,
} from './design-critique-done.js';
export { ZfEventSchema } from './envelope.js';
export { GateFailedPayloadSchema } from './gate-failed.js';
