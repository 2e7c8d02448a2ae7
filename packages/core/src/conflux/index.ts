export { acceptanceContract } from './acceptance-contract.js';
export type {
  AutomationState,
  CompletionGatingRow,
  CompletionGatingSummary,
  GatedDeclaration,
  GateVerdict,
  VerificationGate,
} from './completion-gating.js';
export {
  AUTOMATION_STATES,
  gateVerification,
  renderCompletionGatingTable,
  summarizeCompletionGating,
} from './completion-gating.js';
export { confluxContracts } from './contract-list.js';
export type { VerdictDetection, VerdictDetector } from './detector.js';
export { createVerdictDetector } from './detector.js';
export { correctiveInstruction } from './diagnostics.js';
export type {
  AcceptanceRepairStop,
  RemediationCoverage,
  RepairGateDecision,
  RepairGateInput,
} from './diff-coverage.js';
export { decideRepairGate, evaluateRemediationCoverage, repeatedFindingStop } from './diff-coverage.js';
export type { ConfluxErrorCode, SkippedLines } from './error-codes.js';
export { renderFindingLine } from './finding.js';
export type { NormalizedFinding } from './finding-identity.js';
export { findingIdentity } from './finding-identity.js';
export type { AcceptanceLifecycle, AcceptanceLifecycleInput, StalledReason } from './lifecycle.js';
export { classifyAcceptanceLifecycle } from './lifecycle.js';
export type { AcceptanceParseOptions } from './parse-output.js';
export { parseAcceptanceOutput, safeParseAcceptanceOutput } from './parse-output.js';
export type {
  BlockerRejection,
  BlockerRejectionKind,
  FindingRejection,
  FindingRejectionKind,
  Rejected,
} from './rejections.js';
export { renderVerdict, toVerdictJson } from './render.js';
export type { RepairDecision, RepairLedger } from './repair-ledger.js';
export {
  createRepairLedger,
  observeFail,
  recordRepairDispatched,
  resetForExplicitRetry,
} from './repair-ledger.js';
export type { AcceptanceParseResult } from './resolve-verdict.js';
export { validateAcceptanceVerdict } from './resolve-verdict.js';
export type { AcceptanceRetryDecision, AcceptanceRetryInput } from './retry-cycle.js';
export { decideAcceptanceRetry, MAX_ACCEPTANCE_RETRY_CYCLES } from './retry-cycle.js';
export type {
  ProtocolOutcome,
  ProtocolRetryMarker,
  ProtocolRetryState,
  ProtocolRetryStep,
} from './retry-policy.js';
export {
  buildAcceptanceTailFindings,
  createProtocolRetryState,
  MAX_ACCEPTANCE_PROTOCOL_RETRIES,
  observeProtocolOutcome,
  PROTOCOL_DIAGNOSTICS,
  protocolOutcomeOf,
  takeProtocolRetry,
} from './retry-policy.js';
/** The family's zod schemas (wire shapes and payload parts), for hosts that validate or compose them. */
export * as schemas from './schema-namespace.js';
export type {
  AcceptanceBlocker,
  AcceptanceFinding,
  AcceptanceKind,
  AcceptanceVerdict,
  AcceptanceVerdictInput,
  BlockerCategory,
  CompletionRole,
  ExecutionClass,
  FindingFileExpectation,
  FindingFileField,
  FindingSeverity,
  LegacyFinding,
  ParsedAcceptanceVerdict,
  RepositoryFinding,
  VerdictSource,
  VerificationDeclaration,
  VerificationDeclarationInput,
  VerificationPhase,
} from './schemas.js';
export type { WorkspaceFile } from './semantic-progress.js';
export { semanticProgressFingerprint } from './semantic-progress.js';
