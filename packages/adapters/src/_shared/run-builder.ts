import type { JsonObject, ProtocolError, Warning } from '@skillpack/core';
import type {
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
} from '../agent-run.js';
import type { RuntimeId } from '../runtime-id.js';
import { attachContractCalls, ContractCallLog } from './contract-call-log.js';
import { Ring } from './ring.js';
import { detachedString } from './utf8.js';

/** At most this many malformed lines and warnings are kept; the rest are only counted. */
export const MAX_RECORDED_LINES = 1000;
const MAX_WARNINGS = 200;
const MAX_UNKNOWN_TYPES = 200;
const MAX_TYPE_KEY = 80;
const OPEN_MESSAGE_LIMIT = 64;

/** How much of a run is kept: each count is `0` for none, `n` for the last n, `Infinity` for all. */
export interface RetentionOptions {
  readonly keepEvents: number;
  /** Default all. */
  readonly keepMessages?: number;
  /** Default all. */
  readonly keepTools?: number;
  readonly maxToolOutputChars: number;
  /** Tool output kept across all calls; past it the oldest outputs are dropped. */
  readonly maxToolOutputTotalChars: number;
  /** Called with each event as it is read, after the run's state took it in. */
  readonly onEvent?: ((event: RunEvent) => void) | undefined;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
export type MessageDraft = Mutable<AgentMessage>;
export type ToolDraft = Mutable<ToolActivity>;

export interface RunSummary {
  readonly finish: FinishState;
  readonly error?: RunError | undefined;
  readonly finalText?: string | undefined;
  readonly usage?: RunUsage | undefined;
  readonly costUsd?: number | undefined;
  readonly structuredOutput?: unknown;
}

export interface ToolUpdate {
  readonly name?: string;
  readonly input?: unknown;
  readonly output?: string | undefined;
  readonly status?: ToolStatus;
  readonly error?: string | undefined;
  readonly subagent?: boolean | undefined;
}

/**
 * The mutable state every runtime reader fills while a stream goes by. Memory stays bounded: open
 * messages and pending tools are looked up in small maps, raw events sit in a ring, counters are capped.
 */
export class RunBuilder {
  runtime: RuntimeId | 'unknown' = 'unknown';
  format: RunFormat | undefined;
  sessionId: string | undefined;
  runtimeVersion: string | undefined;
  model: string | undefined;
  lineCount = 0;
  private messages: Ring<MessageDraft>;
  private tools: Ring<ToolDraft>;
  private readonly events: Ring<RunEvent>;
  private lastMain: MessageDraft | undefined;
  private readonly openMessages = new Map<string, MessageDraft>();
  private readonly pendingTools = new Map<string, ToolDraft>();
  private readonly unknownTypes: Record<string, number> = Object.create(null);
  private unknownTypeKeys = 0;
  private readonly malformed: MalformedLine[] = [];
  private malformedCount = 0;
  private readonly warnings: Warning[] = [];
  private readonly warningCodes = new Set<string>();
  private readonly problems: ProtocolError[] = [];
  // Calls whose output is kept, oldest first (from `outputQueueStart`), and the kept outputs' total length.
  private outputQueue: ToolDraft[] = [];
  private outputQueueStart = 0;
  private keptOutputChars = 0;
  // Pending calls `keepTools` already let go of: their output, when it comes, is not kept.
  private readonly droppedPending = new Set<ToolDraft>();
  // Unless `keepTools` is 0, every settled call for the contracts' tool-call channel (with the output of an
  // unconfirmed call, which `run.tools` may have let go of), and the order in which the pending calls began.
  private readonly contractCalls: ContractCallLog | undefined;
  private readonly pendingSeqs = new Map<string, number>();
  private toolCount = 0;

  constructor(private readonly retention: RetentionOptions) {
    const keepTools = retention.keepTools ?? Number.POSITIVE_INFINITY;
    this.messages = new Ring(retention.keepMessages ?? Number.POSITIVE_INFINITY);
    this.tools = new Ring(keepTools);
    this.events = new Ring(retention.keepEvents);
    if (keepTools > 0) this.contractCalls = new ContractCallLog();
  }

  /** Note the session id; a later, different one is reported once as a warning. */
  session(id: string | undefined): void {
    if (id === undefined || id === '') return;
    if (this.sessionId === undefined) this.sessionId = id;
    else if (id !== this.sessionId && !this.warningCodes.has('session_changed')) {
      this.warn(
        'session_changed',
        `The stream carries more than one session id (${this.sessionId}, ${id}).`,
        {
          sessionIds: [this.sessionId, id],
        },
      );
    }
  }

  /** Append text to the message `id` (created on first text); messages without an id always start anew. */
  appendMessageText(
    id: string | undefined,
    text: string,
    line: number,
    subagent: boolean | undefined,
    partial = false,
  ): MessageDraft | undefined {
    if (text === '') return undefined;
    const open = id === undefined ? undefined : this.openMessages.get(id);
    if (open) {
      open.text = open.text === '' ? text : `${open.text}\n${text}`;
      open.partial ||= partial;
      return open;
    }
    const message: MessageDraft = { id, text, subagent, partial, line };
    this.pushMessage(message);
    return message;
  }

  /** Set the whole text of message `id`, replacing earlier text (last value wins). */
  setMessageText(
    id: string,
    text: string,
    line: number,
    subagent: boolean | undefined,
    partial = false,
  ): MessageDraft | undefined {
    const open = this.openMessages.get(id);
    if (open) {
      open.text = text;
      open.partial = partial;
      return open;
    }
    if (text === '') return undefined;
    const message: MessageDraft = { id, text, subagent, partial, line };
    this.pushMessage(message);
    return message;
  }

  private pushMessage(message: MessageDraft): void {
    this.messages.push(message);
    if (message.subagent !== true) this.lastMain = message;
    if (message.id === undefined) return;
    this.openMessages.set(message.id, message);
    if (this.openMessages.size > OPEN_MESSAGE_LIMIT) {
      this.openMessages.delete(this.openMessages.keys().next().value as string);
    }
  }

  /** Forget open message and tool ids, for runtimes whose ids restart with every turn. */
  closeOpenItems(): void {
    this.openMessages.clear();
    this.pendingTools.clear();
    this.droppedPending.clear();
    this.pendingSeqs.clear();
  }

  hasMessage(id: string): boolean {
    return this.openMessages.has(id);
  }

  /** Create or update the tool call `id`; a call without an id is always new. */
  tool(id: string | undefined, line: number, update: ToolUpdate): ToolDraft {
    let tool = id === undefined ? undefined : this.pendingTools.get(id);
    let seq = -1;
    if (!tool) {
      seq = this.toolCount++;
      tool = {
        id,
        name: update.name ?? 'unknown',
        input: update.input,
        output: undefined,
        outputTruncated: false,
        outputLength: undefined,
        status: 'pending',
        error: undefined,
        subagent: update.subagent,
        line,
      };
      if (id !== undefined) {
        this.pendingTools.set(id, tool);
        if (this.contractCalls) this.pendingSeqs.set(id, seq);
      }
      const dropped = this.tools.push(tool);
      if (dropped) this.dropTool(dropped);
    }
    if (update.name !== undefined) tool.name = update.name;
    if (update.input !== undefined) tool.input = update.input;
    if (update.subagent !== undefined) tool.subagent = update.subagent;
    if (update.status !== undefined) tool.status = update.status;
    if (update.error !== undefined) tool.error = this.clip(update.error).text;
    let output = tool.output;
    if (update.output !== undefined) {
      const clipped = this.clip(update.output);
      tool.outputTruncated = clipped.truncated;
      tool.outputLength = update.output.length;
      this.keepOutput(tool, clipped.text);
      output = clipped.text;
    }
    const settled = tool.status !== 'pending' && tool.status !== 'running';
    // The log gets the call's cut output even where `run.tools` keeps none of it (an unconfirmed call needs it).
    if (settled && this.contractCalls)
      this.contractCalls.add(seq >= 0 ? seq : this.pendingSeqs.get(id!)!, tool, output);
    if (settled && id !== undefined) {
      this.pendingTools.delete(id);
      this.droppedPending.delete(tool);
      this.pendingSeqs.delete(id);
    }
    return tool;
  }

  /**
   * A call `keepTools` let go of: no `tools` list returns it, so its output leaves the budget at once (and
   * one that comes later is not kept). Kept, it would survive scavenges and grow V8's young generation.
   */
  private dropTool(tool: ToolDraft): void {
    if (tool.output) this.keptOutputChars -= tool.output.length;
    tool.output = undefined;
    const pending = tool.id !== undefined && this.pendingTools.get(tool.id) === tool;
    if (pending && this.retention.keepTools !== 0) this.droppedPending.add(tool);
  }

  /** The tool output held in memory, in UTF-16 units (at most `maxToolOutputTotalChars`). */
  get heldOutputChars(): number {
    return this.keptOutputChars;
  }

  /** The pending call `id`, if it is still open. */
  pendingTool(id: string): ToolDraft | undefined {
    return this.pendingTools.get(id);
  }

  /**
   * Keep `text` as the call's output (unless no `tools` list can return the call), then drop the oldest
   * outputs while the total is over budget. Dropped calls leave the queue in batches; the threshold is low
   * because every queued call stays reachable, and V8 grows its heap for objects that survive, not for
   * their size.
   */
  private keepOutput(tool: ToolDraft, text: string): void {
    if (this.retention.keepTools === 0 || this.droppedPending.has(tool)) return;
    const previous = tool.output ?? '';
    tool.output = text;
    this.keptOutputChars += text.length - previous.length;
    if (previous === '' && text !== '') this.outputQueue.push(tool);
    const budget = this.retention.maxToolOutputTotalChars;
    while (this.keptOutputChars > budget && this.outputQueueStart < this.outputQueue.length) {
      const oldest = this.outputQueue[this.outputQueueStart++]!;
      if (!oldest.output) continue;
      this.keptOutputChars -= oldest.output.length;
      oldest.output = undefined;
      oldest.outputTruncated = true;
    }
    if (this.outputQueueStart > 64 && this.outputQueueStart * 2 > this.outputQueue.length) {
      this.outputQueue = this.outputQueue.slice(this.outputQueueStart);
      this.outputQueueStart = 0;
    }
  }

  private clip(text: string): { text: string; truncated: boolean } {
    const limit = this.retention.maxToolOutputChars;
    if (text.length <= limit) return { text, truncated: false };
    return { text: detachedString(text.slice(0, limit)), truncated: true };
  }

  event(line: number, type: string, kind: RunEventKind, raw: JsonObject): void {
    const onEvent = this.retention.onEvent;
    if (this.retention.keepEvents === 0 && onEvent === undefined) return;
    const event: RunEvent = { line, type, kind, raw };
    if (this.retention.keepEvents > 0) this.events.push(event);
    onEvent?.(event);
  }

  unknown(type: string): void {
    let key = type.length > MAX_TYPE_KEY ? `${type.slice(0, MAX_TYPE_KEY)}…` : type;
    const count = this.unknownTypes[key];
    if (count !== undefined) {
      this.unknownTypes[key] = count + 1;
      return;
    }
    if (this.unknownTypeKeys >= MAX_UNKNOWN_TYPES) key = '(other)';
    else {
      this.unknownTypeKeys++;
      key = detachedString(key);
    }
    this.unknownTypes[key] = (this.unknownTypes[key] ?? 0) + 1;
  }

  /** Count a malformed line; its error (built on demand when lazy) is kept for the first lines only. */
  malformedLine(line: number, error: ProtocolError | (() => ProtocolError)): void {
    this.malformedCount++;
    if (this.malformed.length < MAX_RECORDED_LINES) {
      this.malformed.push({ line, error: typeof error === 'function' ? error() : error });
    }
  }

  warn(code: string, message: string, details?: Record<string, unknown>): void {
    this.warningCodes.add(code);
    if (this.warnings.length < MAX_WARNINGS) {
      this.warnings.push(details ? { code, message: detachedString(message), details } : { code, message });
    }
  }

  problem(error: ProtocolError): void {
    this.problems.push(error);
  }

  get problemCount(): number {
    return this.problems.length;
  }

  /** Lines counted as malformed so far (an event its wire schema refused is one). */
  get malformedLineCount(): number {
    return this.malformedCount;
  }

  /** A person wrote a prompt: every call so far answered an earlier one (marked newest first, once each). */
  personPrompted(): void {
    this.contractCalls?.personPrompted(this.toolCount);
    this.tools.newestWhile((tool) => {
      if (tool.earlierPrompt === true) return false;
      tool.earlierPrompt = true;
      return true;
    });
  }

  /** The first main-agent call still pending or running, if any. */
  unfinishedMainTool(): ToolDraft | undefined {
    for (const tool of this.pendingTools.values()) {
      if (tool.subagent !== true && (tool.status === 'pending' || tool.status === 'running')) return tool;
    }
    return undefined;
  }

  /** The last message that is not a subagent's (kept even when `keepMessages` let it go from the list). */
  lastMainMessage(): MessageDraft | undefined {
    return this.lastMain;
  }

  build(summary: RunSummary): AgentRun {
    const run: AgentRun = {
      runtime: this.runtime,
      format: this.format,
      sessionId: this.sessionId,
      runtimeVersion: this.runtimeVersion,
      model: this.model,
      messages: this.messages.toArray(),
      finalText: summary.finalText,
      structuredOutput: summary.structuredOutput,
      tools: this.tools.toArray(),
      finish: summary.finish,
      error: summary.error,
      usage: summary.usage,
      costUsd: summary.costUsd,
      events: this.events.toArray(),
      unknownEventTypes: this.unknownTypes,
      malformedLines: this.malformed,
      malformedLineCount: this.malformedCount,
      warnings: this.warnings,
      problems: this.problems,
      lineCount: this.lineCount,
    };
    if (this.contractCalls) attachContractCalls(run, this.contractCalls);
    return run;
  }
}
