import type { AnyContract } from '../contract.js';
import { maestroResultContract } from './result-contract.js';
import { maestroVerdictContract } from './verdict-contract.js';

/** Every contract of the maestro family, for registries. */
export const maestroContracts: readonly AnyContract[] = [maestroResultContract, maestroVerdictContract];

export { checkCliToolEnabled } from './cli-tools.js';
export {
  quoteShellArgument,
  renderRalphCompleteCommand,
  toRalphCompleteArgs,
  toRalphCompleteArgv,
} from './complete-command.js';
export type { DelegateCommand, DelegateCommandInput } from './delegate-command.js';
export { buildDelegateCommand } from './delegate-command.js';
export type { DelegatedStage, StageDelegation } from './delegation.js';
export { delegationForStage, STAGE_DELEGATION } from './delegation.js';
export type { MaestroErrorCode, MaestroErrorCodeId, MaestroErrorScope } from './error-codes.js';
export {
  isMaestroErrorCode,
  MAESTRO_ERROR_CODES,
  MAESTRO_ERROR_SCOPES,
  maestroErrorCode,
  ralphCliErrorCodes,
} from './error-codes.js';
export { maestroContractError } from './fallback.js';
export type { HandleFailStep } from './handle-fail.js';
export { handleStepFailure } from './handle-fail.js';
export type { CliTool, InvocationLine, ParsedInvocationLine } from './invocation.js';
export {
  CLI_TOOLS,
  DEFAULT_CLI_TOOL,
  EXECUTE_SKILL,
  INVOCATION_PREFIXES,
  renderInvocationLine,
  safeParseInvocationLine,
} from './invocation.js';
export type { RalphCompleteArgs } from './ralph-argv.js';
export { safeParseRalphCompleteArgv, safeParseRalphRetryArgv } from './ralph-argv.js';
export type { CommandInspection, RalphCheckFinding, RalphCheckOptions } from './ralph-check.js';
export { checkRalphSession, hasRalphErrors } from './ralph-check.js';
export type { RalphCliArguments } from './ralph-cli-arguments.js';
export { parseRalphCliArguments, safeParseRalphCliArguments } from './ralph-cli-arguments.js';
export type { RalphExitCode } from './ralph-command-error.js';
export { RalphCommandError } from './ralph-command-error.js';
export type { RalphClock, RalphCompleteOutcome } from './ralph-complete.js';
export { ralphComplete, ralphCompleteFromArgv, ralphRetryFromArgv } from './ralph-complete.js';
export type { RalphNextOutcome } from './ralph-next.js';
export { executorStatusForNextExit, ralphNext } from './ralph-next.js';
export type { ParseResultBlockOptions } from './result-block.js';
export {
  parseResultBlock,
  RESULT_FALLBACK_SUMMARY_LENGTH,
  RESULT_LIST_SEPARATORS,
  RESULT_MARKERS,
  RESULT_SUMMARY_LIMIT,
  renderResultBlock,
  SIGNAL_SEPARATORS,
  safeParseResultBlock,
} from './result-block.js';
export type {
  MaestroResult,
  ResultBlock,
  ResultFallback,
  ResultField,
  ResultFields,
  ResultStatus,
} from './result-schema.js';
export {
  MaestroResultSchema,
  RESULT_FIELDS,
  RESULT_STATUSES,
  ResultBlockSchema,
  ResultFallbackSchema,
  ResultFieldsSchema,
  ResultStatusSchema,
} from './result-schema.js';
export type {
  AdjustedGateVerdict,
  DriftAction,
  GateVerdict,
  GateVerdictInput,
  RegroundStep,
  RegroundVerdict,
} from './routing.js';
export {
  adjustGateVerdict,
  applyRegroundVerdict,
  driftAction,
  GATE_CONFIDENCE_FLOOR,
  GATE_VERDICTS,
  nextStateAfterResult,
  REGROUND_VERDICTS,
} from './routing.js';
export type { RunVerdict } from './run-verdict.js';
export { RUN_VERDICTS, safeParseRunVerdict } from './run-verdict.js';
export type { SessionInvariantInput, SessionInvariantViolation } from './session-invariants.js';
export {
  checkRalphCliSessionInvariants,
  executorAcceptsSession,
  isRalphCliSessionId,
} from './session-invariants.js';
export type { AppliedSignals } from './signals.js';
export { applyResultSignals, SIGNAL_SESSION_FIELDS } from './signals.js';
export type {
  CompletionStatus,
  DriftScore,
  RalphSession,
  RalphSessionContext,
  RalphStep,
  RalphStepLoad,
  RalphTaskDecompositionItem,
  SessionStatus,
  StepStatus,
} from './status-schema.js';
export {
  COMMAND_SCOPES,
  COMPLETION_STATUSES,
  CompletionStatusSchema,
  DELEGATE_MODES,
  DELEGATE_ROLES,
  DRIFT_SCORES,
  DriftScoreSchema,
  EXECUTION_MODES,
  PLANNING_MODES,
  QUALITY_MODES,
  RALPH_PROTOCOL_VERSION,
  RalphBoundaryContractSchema,
  RalphSessionContextSchema,
  RalphSessionSchema,
  RalphStepLoadSchema,
  RalphStepSchema,
  RalphTaskDecompositionItemSchema,
  ralphSessionJsonSchema,
  SCOPE_VERDICTS,
  SESSION_PLATFORMS,
  SESSION_STATUSES,
  SessionStatusSchema,
  STEP_SCOPES,
  STEP_STATUSES,
  StepStatusSchema,
} from './status-schema.js';
export type { ParseVerdictBlockOptions } from './verdict-block.js';
export {
  parseVerdictBlock,
  renderVerdictBlock,
  safeParseVerdictBlock,
  VERDICT_MARKERS,
} from './verdict-block.js';
export type {
  ConfidenceLevel,
  MaestroVerdict,
  VerdictBlock,
  VerdictFailureCode,
  VerdictFallback,
  VerdictField,
  VerdictFields,
  VerdictStatus,
} from './verdict-schema.js';
export {
  CONFIDENCE_LEVELS,
  ConfidenceLevelSchema,
  MaestroVerdictSchema,
  VERDICT_FAILURE_CODES,
  VERDICT_FIELDS,
  VERDICT_STATUSES,
  VerdictBlockSchema,
  VerdictFallbackSchema,
  VerdictFieldsSchema,
  VerdictStatusSchema,
} from './verdict-schema.js';
export { maestroResultContract, maestroVerdictContract };
