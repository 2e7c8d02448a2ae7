export type { ArchProposalDonePayload, ScopeCompliance, TestPlan } from './arch-proposal-done.js';
export { archProposalDone } from './arch-proposal-done.js';
export type { ArtifactManifestPublishedPayload, ArtifactRef } from './artifact-manifest-published.js';
export { artifactManifestPublished } from './artifact-manifest-published.js';
export type {
  BacklogRefName,
  BacklogRefOwner,
  BacklogRefs,
  BacklogSynthesisInput,
  PublishedManifest,
} from './backlog-synthesis.js';
export { REQUIRED_BACKLOG_REFS, synthesizeBacklogRefs } from './backlog-synthesis.js';
export type {
  CompletionEventInput,
  CompletionPayloadReport,
  CompletionRequiredField,
  CompletionWarnField,
  TaskContractInvalidPayload,
} from './completion-payload.js';
export { COMPLETION_WARN_FIELDS, checkCompletionPayload } from './completion-payload.js';
export { zaofuContracts } from './contract-list.js';
export type { CritiqueFinding, DesignCritiqueDonePayload, FindingSeverity } from './design-critique-done.js';
export { designCritiqueDone } from './design-critique-done.js';
export { findZfEmitCommands, parseZfEmitCommand, safeParseZfEmitCommand } from './emit-command.js';
export type { FoundZfEmitCommand, ZfEmitCommand } from './emit-command-types.js';
export { findZfEmitCommandsInText } from './emit-in-text.js';
export type { ZfEvent } from './envelope.js';
export { safeParseZfEvent, safeParseZfEventLine } from './envelope.js';
export type { ZaofuErrorCode, ZaofuProtocolError } from './error-codes.js';
export type {
  EventSchemaRegistry,
  EventSchemaRegistryInput,
  EventSchemaRule,
  SchemaCheckedEvent,
  SchemaViolation,
  SchemaViolationCode,
} from './event-schema-registry.js';
export { createEventSchemaRegistry } from './event-schema-registry.js';
export type { CompletionEventType, EventOrigin, HandoffEventType } from './event-types.js';
export type { GateFailedPayload, GateFailedRoute, GateFailedVerdict } from './gate-failed.js';
export { gateFailed, routeGateFailed } from './gate-failed.js';
export { renderZfEmitCommand } from './handoff-contract.js';
export { validateManifestPayload } from './manifest-payload.js';
export type {
  ArtifactRoots,
  ManifestValidationOptions,
  NormalizedArtifactManifest,
  NormalizedArtifactRef,
} from './manifest-validation.js';
export { validateArtifactManifest } from './manifest-validation.js';
/** The family's zod schemas (wire shapes and payload parts), for hosts that validate or compose them. */
export * as schemas from './schema-namespace.js';
export type { LoggedEvent, TaskContractDraft } from './task-contract-draft.js';
export { draftTaskContract } from './task-contract-draft.js';
