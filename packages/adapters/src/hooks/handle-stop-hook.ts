import { type AnyContract, type ContractToolCall, ProtocolError } from '@skillpack/core';
import { type BlockCounterFactory, blockChainKey, createFileBlockCounter } from './block-budget.js';
import { type ContractFailure, checkContracts } from './contract-check.js';
import { decideWithinBudget } from './spend-block-budget.js';
import {
  allowBecauseOfHookError,
  decideStop,
  type EnforceMode,
  type StopDecision,
  toStopHookOutput,
} from './stop-decision.js';
import {
  isStopEventName,
  type StopHookEvent,
  type StopHookRuntime,
  type TranscriptReader,
  type TranscriptToolReader,
} from './stop-event.js';
import type { StopHookOutput } from './stop-hook-output.js';

export type { TranscriptReader, TranscriptToolReader } from './stop-event.js';

/**
 * Options of `handleStopHook`: the contracts to enforce, the block budget and its counter, the transcript
 * reader.
 */
export interface StopHookOptions {
  /** The contracts the agent's final message must satisfy (any one of them). */
  readonly contracts: readonly AnyContract[];
  /** Consecutive stops that may be blocked before the agent is let through anyway (default 2). */
  readonly maxBlocks?: number;
  /** `attempted` checks only stops whose message attempts a contract (default `always`). */
  readonly enforce?: EnforceMode;
  /** Where the block count of a chain lives between hook processes (default: a private temp-dir file). */
  readonly blockCounter?: BlockCounterFactory;
  /** Fallback when `last_assistant_message` is absent (default: the runtime's own transcript reader). */
  readonly readTranscript?: TranscriptReader;
  /** The transcript's tool calls, for a contract that reads them (default: the runtime's own reader). */
  readonly readTranscriptTools?: TranscriptToolReader;
}

/** What `handleStopHook` decided, and the JSON document that tells the runtime. */
export interface StopHookResult {
  readonly decision: StopDecision;
  /** The JSON document to print on stdout. */
  readonly output: StopHookOutput;
}

export const DEFAULT_MAX_BLOCKS = 2;

const noTranscriptReader: TranscriptReader = async (path, runtime) => ({
  success: false,
  error: new ProtocolError(
    'transcript_unreadable',
    `The ${runtime} hook reads no transcript (${path}); the payload must carry the message.`,
    { details: { path, runtime } },
  ),
});

function result(decision: StopDecision): StopHookResult {
  return { decision, output: toStopHookOutput(decision) };
}

async function messageOf(event: StopHookEvent, readTranscript: TranscriptReader) {
  if (event.lastAssistantMessage !== undefined)
    return { success: true as const, data: event.lastAssistantMessage };
  if (event.transcriptPath === undefined && event.lastAssistantMessageNull)
    return { success: false as const, error: nullMessage(event) };
  if (event.transcriptPath === undefined) {
    return {
      success: false as const,
      error: new ProtocolError(
        'no_message',
        'The payload has neither last_assistant_message nor a transcript path; nothing to check.',
      ),
    };
  }
  const read = await readTranscript(event.transcriptPath, event.runtime);
  if (read.success || !event.lastAssistantMessageNull) return read;
  return { success: false as const, error: nullMessage(event, read.error.message) };
}

/**
 * The tool calls of the stop's transcript when a contract reads tool calls (a tool-delivered one's answer is a
 * submit call, ZaoFu's a `zf emit` its shell ran; the payload carries neither); `undefined` when none does, or
 * the transcript gives none. A pack whose contracts read no calls never reads the transcript for them.
 */
async function contractCallsOf(
  event: StopHookEvent,
  contracts: readonly AnyContract[],
  read: TranscriptToolReader | undefined,
): Promise<readonly ContractToolCall[] | undefined> {
  if (read === undefined || event.transcriptPath === undefined) return undefined;
  if (!contracts.some(readsToolCalls)) return undefined;
  const toolNames = contracts.flatMap((contract) =>
    contract.toolName === undefined ? [] : [contract.toolName],
  );
  const tools = await read(event.transcriptPath, event.runtime, toolNames, event.lastAssistantMessage);
  return tools.success ? tools.data : undefined;
}

const readsToolCalls = (contract: AnyContract) => contract.readToolCalls !== undefined;

/** A failure of a contract that reads tool calls, whose message did not attempt it: only the calls could tell. */
const unseenCall = (failure: ContractFailure) => readsToolCalls(failure.contract) && !failure.attempted;

/** Why a stop checked only for contracts that read tool calls is let through when the calls cannot be read. */
function unseenCalls(event: StopHookEvent, contracts: readonly AnyContract[]): string {
  const calls = contracts.map((contract) =>
    contract.toolName === undefined ? `a tool call ${contract.id} reads` : `a call of ${contract.toolName}`,
  );
  const where =
    event.transcriptPath === undefined
      ? 'the payload names no transcript'
      : `${event.runtime}'s Stop hook reads no tool calls from its transcript, or could not read them`;
  return `the answer may be ${calls.join(' or ')}, and this stop shows no calls (${where}); whether the agent made it is not known, so the stop is let through.`;
}

/** Why there is nothing to check when the runtime sent `last_assistant_message: null`. */
function nullMessage(event: StopHookEvent, transcriptProblem?: string): ProtocolError {
  return new ProtocolError(
    'no_final_message',
    `${event.runtime} sent last_assistant_message: null: the turn ended without a final assistant message (for example on a tool call, or cut short)${transcriptProblem ? `, and its transcript gives none either (${transcriptProblem})` : ' and no transcript'}; there is no answer to check, so the stop is let through.`,
  );
}

async function decide(runtime: StopHookRuntime, payload: unknown, options: StopHookOptions) {
  const parsed = runtime.parseInput(payload);
  if (!parsed.success) return result(allowBecauseOfHookError(parsed.error.message));
  const event = parsed.data;
  if (!isStopEventName(event.hookEventName)) {
    return result({
      kind: 'allow',
      because: 'not_a_stop_event',
      systemMessage: `skillpack-hook: it checks Stop and SubagentStop, not ${event.hookEventName}; fix the hook configuration.`,
    });
  }
  if (options.contracts.length === 0) return result(allowBecauseOfHookError('no contract is configured.'));
  const message = await messageOf(
    event,
    options.readTranscript ?? runtime.readTranscript ?? noTranscriptReader,
  );
  if (!message.success) return result(allowBecauseOfHookError(message.error.message));

  const maxBlocks = options.maxBlocks ?? DEFAULT_MAX_BLOCKS;
  const contractIds = options.contracts.map((contract) => contract.id);
  const tools = await contractCallsOf(
    event,
    options.contracts,
    options.readTranscriptTools ?? runtime.readTranscriptTools,
  );
  const check = checkContracts(options.contracts, message.data, {}, tools);
  if (tools === undefined && !check.satisfied && check.failures.every(unseenCall)) {
    // Such a contract may be answered by a call, not the message: without the calls, a message that does not
    // attempt the answer gives no ground to push back an agent that may have made it.
    return result(allowBecauseOfHookError(unseenCalls(event, options.contracts)));
  }
  const enforce = options.enforce ?? 'always';
  const decision = await decideWithinBudget(
    (blocksSoFar) => decideStop({ check, blocksSoFar, maxBlocks, enforce }),
    {
      stopHookActive: event.stopHookActive,
      maxBlocks,
      counter: () => (options.blockCounter ?? createFileBlockCounter)(blockChainKey(event, contractIds)),
    },
  );
  return result(decision);
}

/**
 * Decide one Stop / SubagentStop: block with the contract's correction when the agent's last message does
 * not satisfy any configured contract, within the retry budget; otherwise let it stop. Never throws: a
 * failure of the hook itself lets the stop through with a `systemMessage` saying why.
 */
export async function handleStopHook(
  runtime: StopHookRuntime,
  payload: unknown,
  options: StopHookOptions,
): Promise<StopHookResult> {
  try {
    return await decide(runtime, payload, options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return result(allowBecauseOfHookError(`the check failed unexpectedly: ${message}`));
  }
}
