export type { Action, ActionSourceTool, MethodStep, Transition } from './action.js';
export { ACTION_FIELDS, bindFreshAction, safeParseAction } from './action.js';
export type { ApplyArguments, ApplyArgumentsInput, RecoveryApply } from './apply-arguments.js';
export { createApplyArguments, safeParseApplyArguments } from './apply-arguments.js';
export type { ApplyAttempt } from './apply-guard.js';
export { mayApplyAction } from './apply-guard.js';
export type { CancelTaskArguments, CancelTaskInput } from './cancel-task.js';
export { safeBuildCancelTaskArguments } from './cancel-task.js';
export { devflowContracts } from './contract-list.js';
export type {
  ExpectedResponse,
  ResultEnvelope,
  ToolCallEnd,
  ToolResponseOutcome,
  UncertainReason,
} from './envelope.js';
export { classifyToolCall, classifyToolResponse, safeParseResultEnvelope } from './envelope.js';
export type { DevflowErrorCode, DevflowProtocolError } from './error-codes.js';
export type { CoreErrorCode, CoreErrorRow, DomainErrorReport, RecoveryAction } from './error-table.js';
export { CORE_ERROR_CODES, describeDomainError } from './error-table.js';
export type { HandshakeOptions, HandshakeViolation, ServerInfo, SupportedProcess } from './handshake.js';
export { checkServerInfo } from './handshake.js';
export type { JsonTextDefect, JsonTextOptions } from './json-text.js';
export { safeParseJsonText } from './json-text.js';
export type { DevflowLimitName } from './limits.js';
export type { MethodEvidenceOptions, MethodStepRef } from './method-evidence.js';
export { checkMethodEvidence } from './method-evidence.js';
export { selectMethodProfile } from './method-profile.js';
export type { NewTask, OpenTaskArguments, OpenTaskInput, VerificationBudget } from './new-task.js';
export { createOpenTaskArguments, safeParseNewTask } from './new-task.js';
export type {
  ActionPayload,
  ComprehensionPayload,
  DeliveryPayload,
  DesignPayload,
  ImplementationPayload,
  NodePayload,
  RefactorPayload,
  RequirementsPayload,
  TasksPayload,
  TestPayload,
} from './node-payloads.js';
export type {
  BlockerResolutionPayload,
  ComprehensionResult,
  DeliveryResult,
  DesignResult,
  ImplementationResult,
  RefactorResult,
  RequirementsResult,
  TasksResult,
  TestCheck,
  TestResult,
  WorkItem,
} from './node-results.js';
export type { NodeRuleViolation } from './node-rules.js';
export { checkNodeRules } from './node-rules.js';
export type { OperationProbe, RetainedApplyRequest, RetainedIdentity } from './operation-probe.js';
export { createOperationProbe, safeParseOperationProbe } from './operation-probe.js';
export type { CheckedPayload, PayloadContext } from './payload-check.js';
export { checkActionPayload } from './payload-check.js';
export {
  applyArgumentsContract,
  newTaskContract,
  nodePayloadContracts,
  operationProbeContract,
} from './payload-contracts.js';
export type { ArtifactReference, MethodEvidenceItem } from './payload-envelope.js';
export type { PreflightOptions } from './preflight.js';
export { preflightApply, preflightApplyArguments, preflightApplyText } from './preflight.js';
export type {
  MethodStepDefinition,
  NodeDefinition,
  ProcessDefinition,
  TransitionDefinition,
} from './process.js';
export { findNode, STANDARD_PROCESS } from './process.js';
export type { RecoveryStep, RecoveryStopReason } from './recovery-advice.js';
export { adviseRecovery } from './recovery-advice.js';
export type { RecoveryAdvice, RecoveryAssessment, RecoveryClassification } from './recovery-assessment.js';
export {
  bindRecoveryAssessment,
  RECOVERY_ADVICE,
  safeParseRecoveryAssessment,
} from './recovery-assessment.js';
/** The family's zod schemas (wire shapes and payload parts), for hosts that validate or compose them. */
export * as schemas from './schema-namespace.js';
export type { BudgetUsage } from './verification-budget.js';
export { checkVerificationBudget } from './verification-budget.js';
export type {
  AcceptanceStatus,
  ActionKind,
  AllowedEffect,
  ArtifactRole,
  BlockerConditionKind,
  EvidenceKind,
  EvidenceSource,
  EvidenceStatus,
  Host,
  MethodProfile,
  MethodStepStatus,
  NodeId,
  ProblemClass,
  ToolName,
  VerificationLevel,
  WorkNodeId,
} from './vocabulary.js';
export { METHOD_PROFILES, TOOL_NAMES } from './vocabulary.js';
