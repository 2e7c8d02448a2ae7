import type { JsonObject, ProtocolError, Warning } from '@skillpack/core';
import type { RuntimeId } from './runtime-id.js';

/**
 * How a run ended. Only `complete` is a run whose final message may satisfy a contract; every other state
 * comes with a `run.error` that says why: `error` (the runtime or the model API failed), `max_turns` (a turn
 * or budget limit stopped the agent), `length` (the answer was cut at the output-token limit and not
 * resumed), `refused` (the model refused and no fallback answered), `truncated` (the stream stopped before
 * its terminal event), `unknown` (the output form does not say how the run ended: plain text, for one).
 */
export const FINISH_STATES = [
  'complete',
  'error',
  'max_turns',
  'length',
  'refused',
  'truncated',
  'unknown',
] as const;
/** How a run ended, one of `FINISH_STATES`; only `complete` lets a contract be read from it. */
export type FinishState = (typeof FINISH_STATES)[number];

/** The output form a run was read from; one runtime has several. */
export const RUN_FORMATS = [
  'stream-json',
  'result-json',
  'transcript',
  'exec-json',
  'notify',
  'last-message',
  'run-json',
  'events-json',
  'sdk-events',
  'text',
] as const;
/** The output form a run was read from, one of `RUN_FORMATS`. */
export type RunFormat = (typeof RUN_FORMATS)[number];

/**
 * A tool call's statuses: `pending` (asked for), `running`, `completed` (succeeded, as the runtime recorded it: a
 * shell command exited 0), `unconfirmed` (ended, but the runtime recorded no exit status: Gemini CLI's stream-json
 * shows a shell command's output, not its exit code, whenever it printed something), `error` or `declined`.
 */
export const TOOL_STATUSES = ['pending', 'running', 'completed', 'error', 'declined', 'unconfirmed'] as const;
/** A tool call's last known status, one of `TOOL_STATUSES`. */
export type ToolStatus = (typeof TOOL_STATUSES)[number];

/** A runtime-neutral classification of one event, kept next to the raw event. */
export const RUN_EVENT_KINDS = [
  'session',
  'message',
  'delta',
  'reasoning',
  'tool',
  'user',
  'usage',
  'finish',
  'error',
  'status',
  'unknown',
] as const;
/** The runtime-neutral kind of one run event, one of `RUN_EVENT_KINDS`. */
export type RunEventKind = (typeof RUN_EVENT_KINDS)[number];

/** Stable codes of `malformedLines[].error.code`. */
export const MALFORMED_LINE_CODES = [
  'invalid_json',
  'not_an_object',
  'missing_type',
  'invalid_event',
  'line_too_long',
] as const;

/** Stable codes of `problems[].code`: the run as a whole could not be read as asked. */
export const RUN_PROBLEM_CODES = [
  'invalid_input',
  'invalid_chunk',
  'input_error',
  'runtime_undetected',
  'document_too_large',
] as const;

/** One assistant message that carries text, in the order the runtime sent it. */
export interface AgentMessage {
  /** The runtime's message or item id, when it sends one. */
  readonly id: string | undefined;
  readonly text: string;
  /** True when the runtime marks it as a subagent's; `undefined` when the runtime does not say. */
  readonly subagent: boolean | undefined;
  /** True when only streamed fragments arrived before the stream ended. */
  readonly partial: boolean;
  /** 1-based line of the event that first carried it. */
  readonly line: number;
}

/** One tool call and, once it arrived, its result. */
export interface ToolActivity {
  readonly id: string | undefined;
  /** The runtime's tool name; Codex items use their item type; an MCP tool as the runtime shows it to the model (`mcp__<server>__<tool>`, OpenCode `<server>_<tool>`, …). */
  readonly name: string;
  readonly input: unknown;
  readonly output: string | undefined;
  /** True when `output` was cut to `maxToolOutputChars`; `outputLength` is the full length. */
  readonly outputTruncated: boolean;
  readonly outputLength: number | undefined;
  readonly status: ToolStatus;
  readonly error: string | undefined;
  readonly subagent: boolean | undefined;
  /** True for a call made before the last prompt a person wrote (a transcript holds a whole session). */
  readonly earlierPrompt?: boolean;
  readonly line: number;
}

/** Token counts as the runtime reports them (Codex counts cached tokens inside `inputTokens`). */
export interface RunUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadTokens: number | undefined;
  readonly cacheWriteTokens: number | undefined;
  readonly reasoningTokens: number | undefined;
}

/**
 * Why a run did not complete: the runtime's own error that ended it, or the reader's account of the end it
 * saw (`no_terminal_event`, `max_tokens`, `refusal`, …). Set for every `finish` but `complete`.
 */
export interface RunError {
  /** The runtime's name for it (a Claude result subtype, `turn.failed`, an OpenCode error name) or the reader's. */
  readonly code: string;
  readonly message: string;
}

/** A raw event kept aside (only with `keepEvents`), with its neutral kind next to it. */
export interface RunEvent {
  readonly line: number;
  /** The runtime's type; Claude `system` events add the subtype (`system/init`). */
  readonly type: string;
  readonly kind: RunEventKind;
  readonly raw: JsonObject;
}

/** A line of machine output that could not be read: its line number and the error saying why. */
export interface MalformedLine {
  readonly line: number;
  readonly error: ProtocolError;
}

/**
 * A runtime-neutral view of one agent run. Reading never fails: what could not be read is reported in
 * `malformedLines`, `problems` (the input as a whole) and `warnings` (non-fatal runtime errors).
 */
export interface AgentRun {
  /**
   * `unknown` only when detection failed; a `runtime_undetected` problem says why. An output with no
   * runtime event at all reads as plain text: `format: 'text'`, the whole text as `finalText`, and `finish:
   * 'unknown'` with the error `no_completion_signal` (plain text never shows that a run completed).
   */
  readonly runtime: RuntimeId | 'unknown';
  readonly format: RunFormat | undefined;
  readonly sessionId: string | undefined;
  readonly runtimeVersion: string | undefined;
  readonly model: string | undefined;
  /** The last `keepMessages` assistant messages with text (1000 by default), oldest first. */
  readonly messages: readonly AgentMessage[];
  /**
   * The final assistant message by the runtime's rule (written next to each reader). For a run that did not
   * complete it is the candidate the rule would pick; `extractContract` refuses it with `run_not_complete`.
   */
  readonly finalText: string | undefined;
  /** Claude `structured_output` (only with `--json-schema`). */
  readonly structuredOutput: unknown;
  /**
   * The last `keepTools` tool calls (100 by default), oldest first. A contract's tool-call channel does not
   * depend on it: every read path gives a contract every call the run settled.
   */
  readonly tools: readonly ToolActivity[];
  readonly finish: FinishState;
  readonly error: RunError | undefined;
  readonly usage: RunUsage | undefined;
  readonly costUsd: number | undefined;
  /** Raw events, only as many as `keepEvents` asked for (none by default). */
  readonly events: readonly RunEvent[];
  /** Count per event type (or `item/<type>`, `<event>.content/<block>`) that this reader does not know. */
  readonly unknownEventTypes: Readonly<Record<string, number>>;
  /** The first `MAX_RECORDED_LINES` malformed lines; `malformedLineCount` counts all of them. */
  readonly malformedLines: readonly MalformedLine[];
  readonly malformedLineCount: number;
  readonly warnings: readonly Warning[];
  readonly problems: readonly ProtocolError[];
  /** Lines read, blank ones included. */
  readonly lineCount: number;
}
