export type {
  AgentMessage,
  AgentRun,
  FinishState,
  MalformedLine,
  RunError,
  RunEvent,
  RunEventKind,
  RunFormat,
  RunUsage,
  ToolActivity,
  ToolStatus,
} from './agent-run.js';
export { FINISH_STATES } from './agent-run.js';
export type { ExtractContractOptions } from './extract-contract.js';
export { extractContract } from './extract-contract.js';
export type { HookRuntimeId } from './hook-runtimes.js';
export type { BlockCounter, BlockCounterFactory } from './hooks/block-budget.js';
export { createFileBlockCounter, createMemoryBlockCounterFactory } from './hooks/block-budget.js';
export type { ContractCheck, ContractFailure, ContractJudgement } from './hooks/contract-check.js';
export { checkContracts, judgeContractResult } from './hooks/contract-check.js';
export type {
  StopHookOptions,
  StopHookResult,
  TranscriptReader,
  TranscriptToolReader,
} from './hooks/handle-stop-hook.js';
export { handleStopHook } from './hooks/handle-stop-hook.js';
export type { AllowReason, StopDecision } from './hooks/stop-decision.js';
export { decideStop, toStopHookOutput } from './hooks/stop-decision.js';
export type { StopEventName, StopHookEvent, StopHookRuntime } from './hooks/stop-event.js';
export type { StopHookOutput } from './hooks/stop-hook-output.js';
export { renderStopHookOutput } from './hooks/stop-hook-output.js';
export type { AgentRunInput, ReadAgentRunOptions } from './read-agent-run.js';
export { DEFAULT_MAX_LINE_BYTES, readAgentRun } from './read-agent-run.js';
export type { RunCandidate, RunCompletion, RunNotCompleteDetails } from './run-completion.js';
export { checkRunCompletion, RUN_NOT_COMPLETE } from './run-completion.js';
export type { RuntimeId } from './runtime-id.js';
export { isRuntimeId, RUNTIME_IDS } from './runtime-id.js';
export { createEventLineUnwrapper, unwrapEventLine } from './unwrap-event-line.js';
