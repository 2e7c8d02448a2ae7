import type { ContractToolCall, ProtocolError, Result } from '@skillpack/core';
import type { z } from 'zod';
import type { RuntimeId } from '../runtime-id.js';

/** The hook events a contract check makes sense on: the agent (or a subagent) is about to stop. */
export const STOP_EVENT_NAMES = ['Stop', 'SubagentStop'] as const;
/** A hook event a contract check runs on, one of `STOP_EVENT_NAMES`. */
export type StopEventName = (typeof STOP_EVENT_NAMES)[number];

/** A validated hook payload, normalised from the runtime's own field names. */
export interface StopHookEvent {
  readonly runtime: RuntimeId;
  readonly hookEventName: string;
  readonly sessionId: string;
  /** Set inside a subagent (SubagentStop); part of the retry-budget key. */
  readonly agentId: string | undefined;
  /** True when this stop follows a stop that a hook blocked. */
  readonly stopHookActive: boolean;
  readonly lastAssistantMessage: string | undefined;
  /**
   * The payload sent `last_assistant_message: null`: the runtime says the turn ended without a final assistant
   * message (Codex 0.169.0 does when a turn ends on a tool call or is cut short). The transcript is still read;
   * when it gives nothing, the stop is let through with that cause.
   */
  readonly lastAssistantMessageNull?: true;
  /** The subagent transcript for SubagentStop, else the session transcript. */
  readonly transcriptPath: string | undefined;
  /**
   * The id the runtime gives one chain of stops, where it sends one (Codex 0.169: `turn_id`, the same for a
   * stop and the stops that follow its blocks). Part of the retry-budget key, so two chains of one session that
   * run at once never reset or spend each other's blocks.
   */
  readonly chainId?: string;
}

/** The last assistant message of a transcript file, for a payload that does not carry it. */
export type TranscriptReader = (path: string, runtime: RuntimeId) => Promise<Result<string, ProtocolError>>;

/**
 * The tool calls of a transcript file, for a contract that reads them (a submit tool's, ZaoFu's `zf emit`).
 * `finalMessage` is the stop's final message where the payload carries it: a runtime that records it before
 * its hook runs can wait for the file to show it.
 */
export type TranscriptToolReader = (
  path: string,
  runtime: RuntimeId,
  toolNames: readonly string[],
  finalMessage?: string,
) => Promise<Result<readonly ContractToolCall[], ProtocolError>>;

/** How one runtime's Stop hook stdin is validated and normalised, and its transcript read. */
export interface StopHookRuntime {
  readonly id: RuntimeId;
  parseInput(payload: unknown): Result<StopHookEvent, ProtocolError>;
  /**
   * The payload's fields without refinements, declared when `parseInput` is `parseStopInput` over these fields
   * refined by `requireStopHookActive`: a pack's build derives its hook's zod-free fast path from them.
   */
  readonly payloadFields?: z.ZodType;
  /** The payload's field naming the chain of stops a stop belongs to (`StopHookEvent.chainId`), when it has one. */
  readonly chainIdField?: string;
  /** How its transcript is read when the payload carries no message; without it, the transcript is not read. */
  readonly readTranscript?: TranscriptReader;
  /**
   * How the tool calls of its transcript are read, for a hooked contract that reads tool calls; without it, a
   * stop whose message does not attempt such a contract is let through with a reason (its calls are unseen).
   */
  readonly readTranscriptTools?: TranscriptToolReader;
}

export function isStopEventName(value: string): value is StopEventName {
  return (STOP_EVENT_NAMES as readonly string[]).includes(value);
}
