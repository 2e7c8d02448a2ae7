import type { AnyContract } from '../contract.js';
import { archProposalDone } from './arch-proposal-done.js';
import { artifactManifestPublished } from './artifact-manifest-published.js';
import { designCritiqueDone } from './design-critique-done.js';
import { gateFailed } from './gate-failed.js';

export type { ArchProposalDonePayload, ScopeCompliance, TestPlan } from './arch-proposal-done.js';
export {
  ArchProposalDonePayloadSchema,
  archProposalDone,
  ScopeComplianceSchema,
  TestPlanSchema,
} from './arch-proposal-done.js';
export type { ContractRefField, EvidenceRefField } from './artifact-kinds.js';
export {
  ARTIFACT_KIND_ALIASES,
  ARTIFACT_STATUS_ALIASES,
  ARTIFACT_STATUSES,
  CONTRACT_KIND_FIELDS,
  CONTRACT_REF_STATUSES,
  EVIDENCE_KIND_FIELDS,
  normalizeArtifactKind,
  normalizeArtifactStatus,
} from './artifact-kinds.js';
export type { ArtifactManifestPublishedPayload, ArtifactRef } from './artifact-manifest-published.js';
export {
  ArtifactManifestPublishedPayloadSchema,
  ArtifactRefSchema,
  ArtifactStatusSchema,
  artifactManifestPublished,
} from './artifact-manifest-published.js';
export type {
  BacklogRefName,
  BacklogRefOwner,
  BacklogRefs,
  BacklogSynthesisInput,
  PublishedManifest,
} from './backlog-synthesis.js';
export {
  backlogRefError,
  findMissingBacklogRefs,
  isBacklogRefPresent,
  REQUIRED_BACKLOG_REFS,
  synthesizeBacklogRefs,
} from './backlog-synthesis.js';
export type {
  CompletionEventInput,
  CompletionPayloadReport,
  CompletionRequiredField,
  CompletionWarnField,
  TaskContractInvalidPayload,
} from './completion-payload.js';
export {
  buildContractInvalidPayload,
  COMPLETION_REQUIRED_FIELDS,
  COMPLETION_WARN_FIELDS,
  checkCompletionPayload,
  findCompletionWarnFields,
  findMissingCompletionFields,
  isCompletionCheckSkipped,
  isDesignApprovalSignal,
  TaskContractInvalidPayloadSchema,
} from './completion-payload.js';
export type { ManifestContractRefs, ManifestEvidenceContract } from './contract-refs.js';
export { contractRefsFromManifest } from './contract-refs.js';
export type { CritiqueFinding, DesignCritiqueDonePayload, FindingSeverity } from './design-critique-done.js';
export {
  CritiqueFindingSchema,
  DesignCritiqueApproveSchema,
  DesignCritiqueDonePayloadSchema,
  DesignCritiqueRejectSchema,
  designCritiqueDone,
  FINDING_SEVERITIES,
} from './design-critique-done.js';
export type { FoundZfEmitCommand, ZfEmitCommand } from './emit-command.js';
export { findZfEmitCommands, parseZfEmitCommand, safeParseZfEmitCommand } from './emit-command.js';
export { findZfEmitCommandsInText } from './emit-in-text.js';
export type { ZfEvent } from './envelope.js';
export { safeParseZfEvent, safeParseZfEventLine, ZfEventSchema } from './envelope.js';
export type {
  EventSchemaRegistry,
  EventSchemaRegistryInput,
  EventSchemaRule,
  SchemaCheckedEvent,
  SchemaViolation,
  SchemaViolationCode,
} from './event-schema-registry.js';
export {
  createEventSchemaRegistry,
  parseEventSchemaRule,
  SCHEMA_VIOLATION_CODES,
} from './event-schema-registry.js';
export type { CompletionEventType, EventOrigin, HandoffEventType } from './event-types.js';
export {
  COMPLETION_EVENT_TYPES,
  EVENT_ORIGINS,
  HANDOFF_EVENT_TYPES,
  isCompletionEventType,
  isHandoffEventType,
  VERIFY_EVENT_TYPES,
} from './event-types.js';
export type { GateFailedPayload, GateFailedRoute, GateFailedVerdict } from './gate-failed.js';
export { GATE_FAILED_VERDICTS, GateFailedPayloadSchema, gateFailed, routeGateFailed } from './gate-failed.js';
export { renderZfEmitCommand, shellQuote } from './handoff-contract.js';
export type { ManifestSource } from './manifest-payload.js';
export { resolveManifestPayload, validateManifestPayload } from './manifest-payload.js';
export type {
  ArtifactRoots,
  ManifestValidationOptions,
  NormalizedArtifactManifest,
  NormalizedArtifactRef,
} from './manifest-validation.js';
export {
  isAllowedArtifactPath,
  isAllowedWorkdirPath,
  resolveArtifactRoots,
  validateArtifactManifest,
} from './manifest-validation.js';
export { OBJECT_ARTIFACT_REF_MESSAGE } from './payload-fields.js';
export type { LoggedEvent, TaskContractDraft } from './task-contract.js';
export { checkManifestLink, draftTaskContract } from './task-contract.js';

/** Every contract of the zaofu family, for registries: one per event type. */
export const zaofuContracts: readonly AnyContract[] = [
  archProposalDone,
  designCritiqueDone,
  gateFailed,
  artifactManifestPublished,
];
