import { isJsonObjectValue, type TypedEvent } from '../_shared/event-line.js';
import type { AnswerReader, EventVocabulary } from '../_shared/event-vocabulary.js';
import type { MessageDraft, RunBuilder, RunSummary } from '../_shared/run-builder.js';
import { INVALID_TERMINAL_EVENT } from '../_shared/run-engine.js';
import { parseOptionalWire, parseWire } from '../_shared/wire.js';
import type { RunError, RunEventKind, RunUsage, ToolStatus } from '../agent-run.js';
import { acceptCodexNotify } from './notify.js';
import {
  CODEX_ITEM_TYPES,
  CodexErrorEventSchema,
  CodexItemEventSchema,
  type CodexMcpToolCallItem,
  type CodexThreadItem,
  CodexThreadItemSchema,
  CodexThreadStartedEventSchema,
  CodexTurnCompletedEventSchema,
  CodexTurnFailedEventSchema,
  type CodexUsage,
  CodexUsageSchema,
} from './wire-schemas.js';

const KNOWN_ITEM_TYPES: ReadonlySet<string> = new Set(CODEX_ITEM_TYPES);

const STATUS: Readonly<Record<string, ToolStatus>> = {
  in_progress: 'running',
  completed: 'completed',
  failed: 'error',
  declined: 'declined',
};

/** OpenAI usage: `input_tokens` includes the cached ones, which `cached_input_tokens` counts again. */
export function toCodexRunUsage(usage: CodexUsage): RunUsage {
  return {
    inputTokens: usage.input_tokens,
    outputTokens: usage.output_tokens,
    cacheReadTokens: usage.cached_input_tokens,
    cacheWriteTokens: usage.cache_write_input_tokens,
    reasoningTokens: usage.reasoning_output_tokens,
  };
}

function mcpOutput(item: CodexMcpToolCallItem): string | undefined {
  const result = item.result;
  if (!result) return undefined;
  const texts: string[] = [];
  for (const block of result.content ?? []) {
    if (isJsonObjectValue(block) && block.type === 'text' && typeof block.text === 'string')
      texts.push(block.text);
  }
  if (texts.length > 0 || result.structured_content === undefined) return texts.join('\n');
  try {
    return JSON.stringify(result.structured_content);
  } catch {
    return undefined;
  }
}

/**
 * Where Codex's final answer lives, in `codex exec --json` JSONL and the legacy `notify` payload when that is
 * the whole input.
 *
 * The final message (Codex 0.147–0.169): the last `agent_message` of the last turn, or, when that turn has
 * none, its last `plan` item. Only `turn.completed` completes a run. A failed turn (`turn.failed`) has no
 * final message for Codex itself (`event_processor_with_jsonl_output.rs` drops it), so its last message is
 * only the candidate of a `run_not_complete`; so is an `agent_message` seen only as `item.started` or
 * `item.updated`. Top-level `error` lines are non-fatal (`Reconnecting... 2/5`) unless the turn fails.
 * Usage is the last `turn.completed`'s: Codex reports the thread's running total there, so a resumed
 * thread (`codex exec resume`) reports its earlier runs' tokens too.
 */
function createCodexAnswer(run: RunBuilder): AnswerReader {
  let turn: 'none' | 'open' | 'completed' | 'failed' = 'none';
  let failure: RunError | undefined;
  let lastError: RunError | undefined;
  let usage: RunUsage | undefined;
  let notified = false;
  let turnMessage: MessageDraft | undefined;
  let turnPlan: MessageDraft | undefined;
  // The turn's terminal event, and a second one that disagrees with the first.
  let ended: string | undefined;
  let contradiction: string | undefined;

  /** Note a terminal event; `false` when it contradicts the one that already ended this turn. */
  function endTurn(type: 'turn.completed' | 'turn.failed'): boolean {
    if (ended !== undefined && ended !== type) {
      contradiction ??= `${ended} and then ${type}`;
      return false;
    }
    ended = type;
    return true;
  }

  function toolStatus(status: string | undefined, done: boolean): ToolStatus {
    if (status === undefined) return done ? 'completed' : 'running';
    const mapped = STATUS[status];
    if (mapped) return mapped;
    run.unknown(`item.status/${status}`);
    return done ? 'completed' : 'running';
  }

  function acceptItem(item: CodexThreadItem, done: boolean, line: number): RunEventKind {
    switch (item.type) {
      case 'agent_message': {
        // A message before the work can be narration (0.147 captures): every one is kept, the last is final.
        // A completed empty one is final too: the turn ended with no answer, not with the narration before it.
        const draft = run.setMessageText(item.id, item.text, line, undefined, !done);
        if (draft) turnMessage = draft;
        else if (done) turnMessage = { id: item.id, text: '', subagent: undefined, partial: false, line };
        return done ? 'message' : 'delta';
      }
      case 'plan':
        if (done) turnPlan = { id: item.id, text: item.text, subagent: undefined, partial: false, line };
        return 'status';
      case 'collab_tool_call':
        run.tool(item.id, line, {
          name: `collab_tool_call/${item.tool}`,
          input: { prompt: item.prompt, receiver_thread_ids: item.receiver_thread_ids },
          status: toolStatus(item.status, done),
        });
        return 'tool';
      case 'reasoning':
        return 'reasoning';
      case 'command_execution': {
        const status = toolStatus(item.status, done);
        // `item.started` carries an empty output; only a finished command's output is kept.
        const failed = status === 'error' && typeof item.exit_code === 'number';
        run.tool(item.id, line, {
          name: 'command_execution',
          input: { command: item.command },
          output: item.aggregated_output === '' && !done ? undefined : item.aggregated_output,
          status,
          error: failed ? `The command exited with code ${item.exit_code}.` : undefined,
        });
        return 'tool';
      }
      case 'file_change':
        run.tool(item.id, line, {
          name: 'file_change',
          input: { changes: item.changes },
          status: toolStatus(item.status, done),
        });
        return 'tool';
      case 'mcp_tool_call':
        run.tool(item.id, line, {
          name: `mcp__${item.server}__${item.tool}`,
          input: item.arguments,
          output: mcpOutput(item),
          status: toolStatus(item.status, done),
          error: item.error?.message,
        });
        return 'tool';
      case 'web_search':
        run.tool(item.id, line, {
          name: 'web_search',
          input: { query: item.query },
          status: done ? 'completed' : 'running',
        });
        return 'tool';
      case 'todo_list':
        return 'status';
      case 'error':
        if (done) run.warn('item_error', item.message, { line, itemId: item.id });
        return 'error';
    }
  }

  function acceptItemEvent(event: TypedEvent, line: number): RunEventKind {
    const envelope = parseWire(CodexItemEventSchema, event, line, run);
    if (!envelope) return 'unknown';
    if (!KNOWN_ITEM_TYPES.has(envelope.item.type)) {
      run.unknown(`item/${envelope.item.type}`);
      return 'unknown';
    }
    const item = parseOptionalWire(
      CodexThreadItemSchema,
      event.item,
      `the ${envelope.item.type} item`,
      line,
      run,
    );
    return item ? acceptItem(item, envelope.type === 'item.completed', line) : 'unknown';
  }

  function dispatch(event: TypedEvent, line: number): RunEventKind {
    switch (event.type) {
      case 'thread.started':
        parseWire(CodexThreadStartedEventSchema, event, line, run);
        return 'session';
      case 'turn.started':
        turn = 'open';
        ended = undefined;
        contradiction = undefined;
        turnMessage = undefined;
        turnPlan = undefined;
        // Item ids (`item_0`, …) restart with each turn of a resumed thread.
        run.closeOpenItems();
        return 'status';
      case 'turn.completed': {
        const completed = parseWire(CodexTurnCompletedEventSchema, event, line, run);
        if (!completed) return 'finish';
        if (endTurn('turn.completed')) turn = 'completed';
        const parsed = parseOptionalWire(CodexUsageSchema, completed.usage, 'turn usage', line, run);
        if (parsed) usage = toCodexRunUsage(parsed);
        return 'finish';
      }
      case 'turn.failed': {
        const failed = parseWire(CodexTurnFailedEventSchema, event, line, run);
        if (!failed) return 'finish';
        endTurn('turn.failed');
        turn = 'failed';
        failure = { code: 'turn.failed', message: failed.error.message };
        return 'finish';
      }
      case 'error': {
        // Non-fatal in real runs (`Reconnecting... 2/5`); only `turn.failed` or a missing end fails the run.
        const error = parseWire(CodexErrorEventSchema, event, line, run);
        if (!error) return 'error';
        lastError = { code: 'error', message: error.message };
        run.warn('runtime_error', error.message, { line });
        return 'error';
      }
      case 'item.started':
      case 'item.updated':
      case 'item.completed':
        return acceptItemEvent(event, line);
      case 'agent-turn-complete':
        if (acceptCodexNotify(run, event, line)) notified = true;
        return 'finish';
      default:
        run.unknown(event.type);
        return 'unknown';
    }
  }

  function finalMessage(): { last: MessageDraft | undefined; finalText: string | undefined } {
    const last = turnMessage ?? (turn === 'none' ? run.lastMainMessage() : undefined);
    return { last, finalText: last?.text ?? turnPlan?.text };
  }

  return {
    accept(event, line) {
      run.event(line, event.type, dispatch(event, line), event);
    },

    ended(): RunSummary {
      const { last, finalText } = finalMessage();
      // A turn that ended twice, one way and then the other, contradicts itself: it did not complete.
      if (contradiction !== undefined) {
        const error = {
          code: 'contradictory_events',
          message: `The turn ended with ${contradiction}; a turn that contradicts itself did not complete.`,
        };
        return { finish: 'error', error, finalText, usage };
      }
      if (turn === 'failed') return { finish: 'error', error: failure, finalText, usage };
      // A notify payload is a completed turn by definition.
      if (turn !== 'completed' && !(notified && turn === 'none')) {
        return { finish: 'truncated', error: INVALID_TERMINAL_EVENT, finalText, usage };
      }
      if (last?.partial === true) {
        const error = { code: 'partial_message', message: 'The final agent_message never completed.' };
        return { finish: 'truncated', error, finalText, usage };
      }
      return { finish: 'complete', finalText, usage };
    },

    totals() {
      return { finalText: finalMessage().finalText, usage };
    },

    reportedError: () => lastError?.message,
  };
}

const CODEX_TERMINAL_TYPES: ReadonlySet<string> = new Set([
  'turn.completed',
  'turn.failed',
  'agent-turn-complete',
]);

/** Codex's events for the reader engine: `thread.started` opens the one thread, a turn's end ends the run. */
export const codexEvents: EventVocabulary = {
  format: (first) => (first.type === 'agent-turn-complete' ? 'notify' : 'exec-json'),
  start: { matches: (event) => event.type === 'thread.started', perTurn: false, requiredIn: ['exec-json'] },
  isTerminal: (event) => CODEX_TERMINAL_TYPES.has(event.type),
  endsOnce: false,
  sessionOf: (event) =>
    event.type === 'thread.started' && typeof event.thread_id === 'string'
      ? event.thread_id
      : event.type === 'agent-turn-complete' && typeof event['thread-id'] === 'string'
        ? event['thread-id']
        : undefined,
  isSubagent: () => false,
  createAnswer: createCodexAnswer,
};
