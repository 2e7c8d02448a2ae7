import { isJsonObjectValue, type TypedEvent } from '../_shared/event-line.js';
import type { AnswerReader, EventVocabulary } from '../_shared/event-vocabulary.js';
import type { RunBuilder, RunSummary } from '../_shared/run-builder.js';
import { INVALID_TERMINAL_EVENT } from '../_shared/run-engine.js';
import { addRunUsage } from '../_shared/usage.js';
import { parseOptionalWire, parseWire } from '../_shared/wire.js';
import type { FinishState, RunError, RunUsage } from '../agent-run.js';
import {
  ClaudeTurn,
  claudeFinalText,
  finishOfTurn,
  isLocalCommandResult,
  isMaxTokensResume,
} from './final-message.js';
import { claudeResultText, claudeTurnModelUsage, toClaudeRunUsage } from './result-json.js';
import { claudeContentText } from './unwrap.js';
import {
  CLAUDE_PASSIVE_EVENT_TYPES,
  type ClaudeAssistantEvent,
  ClaudeAssistantEventSchema,
  ClaudeContentBlockSchema,
  type ClaudeResultEvent,
  ClaudeResultEventSchema,
  ClaudeStreamEventSchema,
  ClaudeSystemEventSchema,
  ClaudeUsageSchema,
  ClaudeUserEventSchema,
} from './wire-schemas.js';

const PASSIVE_TYPES: ReadonlySet<string> = new Set(CLAUDE_PASSIVE_EVENT_TYPES);
const KNOWN_BLOCK_TYPES: ReadonlySet<string> = new Set(['text', 'thinking', 'tool_use', 'tool_result']);
const QUIET_BLOCK_TYPES: ReadonlySet<string> = new Set(['redacted_thinking', 'image']);

interface Envelope {
  readonly parent_tool_use_id?: string | null | undefined;
  readonly isSidechain?: boolean | undefined;
}

/** Subagent output has a `parent_tool_use_id` (stream-json) or `isSidechain: true` (transcripts). */
export function isClaudeSubagent(event: Envelope): boolean | undefined {
  if (typeof event.parent_tool_use_id === 'string') return true;
  if (event.isSidechain !== undefined) return event.isSidechain;
  return event.parent_tool_use_id === null ? false : undefined;
}

interface PartialText {
  id: string | undefined;
  text: string;
  line: number;
}

function usageTotal(usage: RunUsage): number {
  return (
    usage.inputTokens + usage.outputTokens + (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0)
  );
}

/**
 * Where Claude Code's final answer lives, in stream-json, `--output-format json` (object or array) and
 * transcript lines (the rule is in `final-message.ts`): a run that ends with its `result` line ended as that
 * result says, unless its answer was cut at `max_tokens` or refused. A transcript has no `result`: a main
 * message that ended its turn is its end.
 */
function createClaudeCodeAnswer(run: RunBuilder): AnswerReader {
  let result: ClaudeResultEvent | undefined;
  let resultFinal: { finish: FinishState; error?: RunError; text: string | undefined } | undefined;
  let lastMainStopReason: string | null | undefined;
  let refused = false;
  const turn = new ClaudeTurn();
  // Streamed text per scope (main or a subagent's tool_use id), until the assistant line repeats it.
  const partials = new Map<string, PartialText>();
  let usageMessageId: string | undefined;
  let usageOfMessage: RunUsage | undefined;
  // Assistant usage since the last result, and the run's total over its results.
  let turnUsage: RunUsage | undefined;
  let runUsage: RunUsage | undefined;

  function noteUsage(messageId: string | undefined, usage: unknown, line: number): void {
    const parsed = parseOptionalWire(ClaudeUsageSchema, usage, 'assistant message usage', line, run);
    if (!parsed) return;
    // Lines of one message repeat its usage, so only the last value per message id counts.
    if (messageId !== usageMessageId && usageOfMessage) turnUsage = addRunUsage(turnUsage, usageOfMessage);
    usageMessageId = messageId;
    usageOfMessage = toClaudeRunUsage(parsed);
  }

  function closeTurnUsage(): RunUsage | undefined {
    if (usageOfMessage) turnUsage = addRunUsage(turnUsage, usageOfMessage);
    usageOfMessage = undefined;
    usageMessageId = undefined;
    const closed = turnUsage;
    turnUsage = undefined;
    return closed;
  }

  /** Each content block arrives in its own line sharing `message.id` (2.1.276), so text is appended. */
  function acceptAssistant(event: ClaudeAssistantEvent, line: number): void {
    const subagent = isClaudeSubagent(event);
    const message = event.message;
    const texts: string[] = [];
    let asksForTool = false;
    if (typeof message.content === 'string') texts.push(message.content);
    else {
      for (const raw of message.content)
        asksForTool = acceptAssistantBlock(raw, texts, line, subagent) || asksForTool;
    }
    const text = texts.join('\n');
    const scope = event.parent_tool_use_id ?? '';
    // The complete block supersedes the deltas streamed for it.
    if (text !== '') partials.delete(scope);
    const draft = run.appendMessageText(message.id, text, line, subagent);
    if (message.model && !run.model) run.model = message.model;
    if (subagent !== true) {
      if (message.stop_reason !== undefined) lastMainStopReason = message.stop_reason;
      const withdrawn = message.stop_reason === 'refusal' || event.refused_message_id !== undefined;
      if (withdrawn) {
        partials.delete(scope);
        refused = true;
        if (draft) turn.withdraw(draft);
      } else if (draft) {
        if (text !== '') refused = false;
        turn.add(draft, message.stop_reason);
      }
      // Text beside a tool call is narration: the agent goes on, and its answer comes after the call.
      if (asksForTool) turn.reset();
    }
    if (message.usage !== undefined) noteUsage(message.id, message.usage, line);
    if (event.error) run.warn('assistant_error', `Claude Code reported "${event.error}" on line ${line}.`);
  }
  /** Read one content block of an assistant message; whether it calls a tool. */
  function acceptAssistantBlock(raw: unknown, texts: string[], line: number, subagent?: boolean): boolean {
    const type = isJsonObjectValue(raw) && typeof raw.type === 'string' ? raw.type : undefined;
    if (type === undefined || !KNOWN_BLOCK_TYPES.has(type)) {
      if (type === undefined || !QUIET_BLOCK_TYPES.has(type)) run.unknown(`assistant.content/${type ?? '?'}`);
      return false;
    }
    const block = parseOptionalWire(ClaudeContentBlockSchema, raw, `a "${type}" block`, line, run);
    if (block?.type === 'text') texts.push(block.text);
    else if (block?.type === 'tool_use') {
      run.tool(block.id, line, { name: block.name, input: block.input, status: 'pending', subagent });
      return true;
    }
    return false;
  }

  function acceptUser(event: TypedEvent, line: number): void {
    const user = parseWire(ClaudeUserEventSchema, event, line, run);
    if (!user) return;
    const subagent = isClaudeSubagent(user);
    if (subagent !== true && isMaxTokensResume(event)) turn.continueAfterCut();
    else if (subagent !== true) turn.reset();
    if (typeof user.message.content === 'string') return;
    for (const raw of user.message.content) {
      if (!isJsonObjectValue(raw) || raw.type !== 'tool_result') continue;
      const block = parseOptionalWire(ClaudeContentBlockSchema, raw, 'a "tool_result" block', line, run);
      if (block?.type !== 'tool_result') continue;
      if (!run.pendingTool(block.tool_use_id)) {
        run.warn(
          'orphan_tool_result',
          `Line ${line}: a tool result for an unknown call ${block.tool_use_id}.`,
        );
      }
      const output = claudeContentText(block.content);
      const failed = block.is_error === true;
      run.tool(block.tool_use_id, line, {
        output,
        status: failed ? 'error' : 'completed',
        error: failed ? output : undefined,
        subagent,
      });
    }
  }

  function acceptStreamEvent(event: TypedEvent, line: number): void {
    const streamed = parseWire(ClaudeStreamEventSchema, event, line, run);
    if (!streamed) return;
    const scope = streamed.parent_tool_use_id ?? '';
    const inner = streamed.event;
    if (inner.type === 'message_start') {
      partials.set(scope, { id: inner.message?.id, text: '', line });
    } else if (inner.delta?.type === 'text_delta' && inner.delta.text) {
      const partial = partials.get(scope) ?? { id: undefined, text: '', line };
      partial.text += inner.delta.text;
      partials.set(scope, partial);
    }
  }

  function acceptSystem(event: TypedEvent, line: number): void {
    const system = parseWire(ClaudeSystemEventSchema, event, line, run);
    const type = system?.subtype ? `system/${system.subtype}` : 'system';
    run.event(line, type, system?.subtype === 'init' ? 'session' : 'status', event);
    if (!system) return;
    if (system.subtype === 'init') {
      if (system.claude_code_version) run.runtimeVersion ??= system.claude_code_version;
      if (system.model) run.model ??= system.model;
    } else if (system.subtype === 'model_refusal_no_fallback') {
      refused = true;
    } else if (system.subtype === 'api_retry') {
      run.warn('api_retry', `Claude Code retried an API request (line ${line}).`, { line });
    }
  }

  function flushPartials(): void {
    for (const [scope, partial] of partials) {
      const draft = run.appendMessageText(partial.id, partial.text, partial.line, scope !== '', true);
      if (draft && scope === '') turn.add(draft, undefined);
    }
    partials.clear();
  }

  function acceptResult(parsed: ClaudeResultEvent, line: number): void {
    const usage = parseOptionalWire(ClaudeUsageSchema, parsed.usage, 'result usage', line, run);
    const reported = usage ? toClaudeRunUsage(usage) : undefined;
    const streamed = closeTurnUsage();
    // `error_max_budget_usd` reports zero usage (2.1.328): the turn's usage is then its per-model usage
    // since the last result, else the messages' own (which 2.1.328 prints as of the message's start).
    const used =
      reported && usageTotal(reported) > 0
        ? reported
        : (claudeTurnModelUsage(parsed) ?? streamed ?? reported);
    if (used) runUsage = addRunUsage(runUsage, used);
    if (result && isLocalCommandResult(parsed)) return;
    result = parsed;
    const ended = finishOfTurn(parsed, turn, refused);
    resultFinal = { ...ended, text: claudeFinalText(turn.text(), claudeResultText(parsed)) };
    if ((resultFinal.text ?? '') === '' && ended.finish !== 'complete')
      resultFinal.text = run.lastMainMessage()?.text;
    turn.reset();
    // A result closes its turn: a message id seen again later (a proxy or scripted model that numbers
    // messages per prompt) starts a new message instead of appending to the last turn's answer.
    run.closeOpenItems();
    partials.clear();
  }

  let settled: { usage: RunUsage | undefined } | undefined;
  /** Streamed text not yet repeated by an assistant line joins the run, and the usage is totalled, once. */
  function settle(): { usage: RunUsage | undefined } {
    if (settled) return settled;
    flushPartials();
    const pending = closeTurnUsage();
    settled = { usage: pending ? addRunUsage(runUsage, pending) : runUsage };
    return settled;
  }

  return {
    accept(event, line) {
      if (run.format === 'transcript') {
        if (typeof event.version === 'string') run.runtimeVersion ??= event.version;
        if (typeof event.sessionId === 'string') run.session(event.sessionId);
      }
      switch (event.type) {
        case 'assistant': {
          const assistant = parseWire(ClaudeAssistantEventSchema, event, line, run);
          if (assistant) acceptAssistant(assistant, line);
          run.event(line, 'assistant', 'message', event);
          return;
        }
        case 'user':
          acceptUser(event, line);
          run.event(line, 'user', 'user', event);
          return;
        case 'stream_event':
          acceptStreamEvent(event, line);
          run.event(line, 'stream_event', 'delta', event);
          return;
        case 'system':
          acceptSystem(event, line);
          return;
        case 'result': {
          const parsed = parseWire(ClaudeResultEventSchema, event, line, run);
          if (parsed) acceptResult(parsed, line);
          if (parsed?.permission_denials !== undefined && Array.isArray(parsed.permission_denials)) {
            const count = parsed.permission_denials.length;
            if (count > 0)
              run.warn('permission_denials', `Claude Code denied ${count} tool call(s).`, { count });
          }
          run.event(line, 'result', 'finish', event);
          return;
        }
        default:
          if (PASSIVE_TYPES.has(event.type)) run.event(line, event.type, 'status', event);
          else {
            run.unknown(event.type);
            run.event(line, event.type, 'unknown', event);
          }
      }
    },

    ended(): RunSummary {
      const { usage } = settle();
      const extra = { usage, costUsd: result?.total_cost_usd, structuredOutput: result?.structured_output };
      if (!resultFinal) {
        return {
          finish: 'truncated',
          error: INVALID_TERMINAL_EVENT,
          finalText: run.lastMainMessage()?.text,
          ...extra,
        };
      }
      const { text, ...ended } = resultFinal;
      return { ...ended, finalText: text, ...extra };
    },

    totals() {
      const { usage } = settle();
      const finalText = turn.text() ?? run.lastMainMessage()?.text;
      return {
        finalText,
        usage,
        costUsd: result?.total_cost_usd,
        structuredOutput: result?.structured_output,
      };
    },

    endedWithoutTerminal(): RunSummary | undefined {
      if (run.format !== 'transcript') return undefined;
      const { usage } = settle();
      // Transcripts have no terminal event; a main message that ended its turn is the best signal.
      if (lastMainStopReason === 'end_turn' && !refused)
        return { finish: 'complete', finalText: turn.text() ?? '', usage };
      const error = {
        code: 'no_end_turn',
        message: "The transcript's last main message did not end its turn.",
      };
      return { finish: 'unknown', error, finalText: turn.text() ?? run.lastMainMessage()?.text, usage };
    },
  };
}

const CLAUDE_FORMAT_OF_ENVELOPE = (event: TypedEvent) =>
  'sessionId' in event || 'parentUuid' in event ? 'transcript' : 'stream-json';

/** Claude Code's events for the reader engine. */
export const claudeCodeEvents: EventVocabulary = {
  // `--output-format json` is a lone result; transcripts use a camelCase envelope.
  format: (first) => (first.type === 'result' ? 'result-json' : CLAUDE_FORMAT_OF_ENVELOPE(first)),
  // Claude Code starts every prompt of a session (`--input-format stream-json`, a woken subagent) with `init`.
  start: {
    matches: (event) => event.type === 'system' && event.subtype === 'init',
    perTurn: true,
    requiredIn: ['stream-json'],
  },
  isTerminal: (event) => event.type === 'result',
  endsOnce: false,
  // A transcript's camelCase `sessionId` is not checked: the hook reads the file whole, whatever it holds.
  sessionOf: (event) => (typeof event.session_id === 'string' ? event.session_id : undefined),
  isSubagent: (event) => isClaudeSubagent(event as Envelope) === true,
  createAnswer: createClaudeCodeAnswer,
};
