export { renderRalphCompleteCommand, toRalphCompleteArgs } from './complete-command.js';
export { maestroContracts } from './contract-list.js';
export type { DelegateCommand, DelegateCommandInput } from './delegate-command.js';
export { buildDelegateCommand } from './delegate-command.js';
export type { DelegatedStage, StageDelegation } from './delegation.js';
export { delegationForStage, STAGE_DELEGATION } from './delegation.js';
export type { MaestroErrorCode, MaestroProtocolError } from './error-codes.js';
export type { MaestroErrorCodeId, MaestroErrorScope, MaestroErrorTableEntry } from './error-table.js';
export { MAESTRO_ERROR_CODES } from './error-table.js';
export type { HandleFailStep } from './handle-fail.js';
export { handleStepFailure } from './handle-fail.js';
export type { CliTool, InvocationLine, ParsedInvocationLine } from './invocation.js';
export { CLI_TOOLS, renderInvocationLine, safeParseInvocationLine } from './invocation.js';
export type { RalphCompleteArgs } from './ralph-argv.js';
export {
  parseRalphCompleteArgv,
  parseRalphRetryArgv,
  safeParseRalphCompleteArgv,
  safeParseRalphRetryArgv,
} from './ralph-argv.js';
export type { CommandInspection, RalphCheckFinding, RalphCheckOptions } from './ralph-check.js';
export { checkRalphSession } from './ralph-check.js';
export type { RalphCliArguments } from './ralph-cli-arguments.js';
export { parseRalphCliArguments, safeParseRalphCliArguments } from './ralph-cli-arguments.js';
export type { RalphExitCode } from './ralph-command-error.js';
export { RalphCommandError } from './ralph-command-error.js';
export type { RalphClock, RalphCompleteOutcome } from './ralph-complete.js';
export { ralphComplete, ralphCompleteFromArgv, ralphRetryFromArgv } from './ralph-complete.js';
export type { RalphNextOutcome } from './ralph-next.js';
export { executorStatusForNextExit, ralphNext } from './ralph-next.js';
export type { ParseResultBlockOptions } from './result-block.js';
export { parseResultBlock, renderResultBlock, safeParseResultBlock } from './result-block.js';
export { maestroResultContract } from './result-contract.js';
export type {
  MaestroResult,
  ResultBlock,
  ResultFallback,
  ResultField,
  ResultFields,
  ResultStatus,
} from './result-schema.js';
export { RESULT_FIELDS } from './result-schema.js';
export type {
  AdjustedGateVerdict,
  DriftAction,
  GateVerdict,
  GateVerdictInput,
  RegroundStep,
  RegroundVerdict,
} from './routing.js';
export { adjustGateVerdict, applyRegroundVerdict, driftAction, nextStateAfterResult } from './routing.js';
export type { RunVerdict } from './run-verdict.js';
export { safeParseRunVerdict } from './run-verdict.js';
/** The family's zod schemas (wire shapes and payload parts), for hosts that validate or compose them. */
export * as schemas from './schema-namespace.js';
export type { SessionInvariantInput, SessionInvariantViolation } from './session-invariants.js';
export {
  checkRalphCliSessionInvariants,
  executorAcceptsSession,
  isRalphCliSessionId,
} from './session-invariants.js';
export type { AppliedSignals } from './signals.js';
export { applyResultSignals } from './signals.js';
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
export type { ParseVerdictBlockOptions } from './verdict-block.js';
export { parseVerdictBlock, renderVerdictBlock, safeParseVerdictBlock } from './verdict-block.js';
export { maestroVerdictContract } from './verdict-contract.js';
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
