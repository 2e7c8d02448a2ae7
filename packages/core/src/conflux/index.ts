import type { AnyContract } from '../contract.js';
import { acceptanceContract } from './contract.js';

export type { BlockerValidation } from './blocker.js';
export { validateAcceptanceBlocker } from './blocker.js';
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
  COMPLETION_GATING_TABLE,
  GATE_VERDICTS,
  gateVerification,
  renderCompletionGatingTable,
  summarizeCompletionGating,
} from './completion-gating.js';
export { ACCEPTANCE_RULES, acceptanceContract } from './contract.js';
export type { VerdictDetection, VerdictDetector } from './detector.js';
export { createVerdictDetector, VERDICT_GRACE_PERIOD_SECONDS } from './detector.js';
export { correctiveInstruction } from './diagnostics.js';
export type {
  AcceptanceRepairStop,
  RemediationCoverage,
  RepairGateDecision,
  RepairGateInput,
} from './diff-coverage.js';
export {
  decideRepairGate,
  evaluateRemediationCoverage,
  formatRepairStop,
  normalizeChangedFiles,
  REMEDIATION_MISMATCH_REASON,
  repeatedFindingStop,
} from './diff-coverage.js';
export { ACCEPTANCE_EXAMPLES, EXAMPLE_BLOCKER, EXAMPLE_STRUCTURED_FINDING } from './examples.js';
export type { FindingsValidation, FindingValidation } from './finding.js';
export {
  declaredFiles,
  findingToJson,
  renderFindingLine,
  validateFindingEntries,
  validateRepositoryFinding,
} from './finding.js';
export type { NormalizedFinding } from './finding-identity.js';
export {
  findingIdentity,
  normalizeFindings,
  normalizeLegacyFindings,
  repositoryFindings,
} from './finding-identity.js';
export type { JsonVerdict } from './json-verdict.js';
export { readJsonVerdict, readJsonVerdictLine } from './json-verdict.js';
export type { AcceptanceLifecycle, AcceptanceLifecycleInput, StalledReason } from './lifecycle.js';
export { classifyAcceptanceLifecycle, STALLED_REASONS } from './lifecycle.js';
export { canonicalVerdictKind, LEGACY_MARKERS, legacyMarker } from './marker.js';
export type { AcceptanceParseOptions } from './parse-output.js';
export { DEFAULT_MAX_LINE_LENGTH, decodeOutput, safeParseAcceptanceOutput } from './parse-output.js';
export type { AcceptanceErrorCode, SkippedLines, VerdictLocation } from './protocol-errors.js';
export {
  ACCEPTANCE_ERROR_CODES,
  acceptanceRejectionOf,
  bareBlockerError,
  malformedFindingError,
  missingVerdictError,
} from './protocol-errors.js';
export type {
  BlockerRejection,
  BlockerRejectionKind,
  FindingRejection,
  FindingRejectionKind,
  Rejected,
} from './rejections.js';
export {
  BLOCKER_REJECTION_KINDS,
  describeBlockerRejection,
  describeFindingRejection,
  FINDING_REJECTION_KINDS,
} from './rejections.js';
export { renderVerdict, toVerdictJson } from './render.js';
export type { RepairDecision, RepairLedger } from './repair-ledger.js';
export {
  createRepairLedger,
  findingOccurrences,
  hasConsumedRepair,
  observeFail,
  REPEATED_FINDING_REASON,
  recordRepairDispatched,
  resetForExplicitRetry,
} from './repair-ledger.js';
export type { AcceptanceParseResult } from './resolve-verdict.js';
export { resolveJsonVerdict, validateAcceptanceVerdict } from './resolve-verdict.js';
export type { AcceptanceRetryDecision, AcceptanceRetryInput } from './retry-cycle.js';
export {
  decideAcceptanceRetry,
  MAX_ACCEPTANCE_RETRY_CYCLES,
  RETRY_CYCLE_REASONS,
  STALL_CYCLE_REASONS,
} from './retry-cycle.js';
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
  protocolExhaustedError,
  protocolOutcomeOf,
  protocolRetryProgress,
  takeProtocolRetry,
} from './retry-policy.js';
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
export {
  ACCEPTANCE_KINDS,
  AcceptanceBlockerSchema,
  AcceptanceFindingSchema,
  AcceptanceVerdictSchema,
  BLOCKER_CATEGORIES,
  COMPLETION_ROLES,
  EXECUTION_CLASSES,
  FINDING_FILE_FIELDS,
  FINDING_SEVERITIES,
  FindingFileExpectationSchema,
  LegacyFindingSchema,
  ParsedAcceptanceVerdictSchema,
  RepositoryFindingSchema,
  RepositoryPathSchema,
  VERDICT_SOURCES,
  VERIFICATION_PHASES,
  VerificationDeclarationSchema,
} from './schemas.js';
export type { WorkspaceFile } from './semantic-progress.js';
export { isSemanticProgressPath, semanticProgressFingerprint } from './semantic-progress.js';

/** Every contract of the conflux family, for registries. */
export const confluxContracts: readonly AnyContract[] = [acceptanceContract];
