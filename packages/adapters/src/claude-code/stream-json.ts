import { isJsonObjectValue, type TypedEvent } from '../_shared/event-line.js';
import type { RunBuilder } from '../_shared/run-builder.js';
import type { RunReader } from '../_shared/run-reader.js';
import { addRunUsage } from '../_shared/usage.js';
import { parseOptionalWire, parseWire } from '../_shared/wire.js';
import type { RunUsage } from '../agent-run.js';
import { claudeFinishFromResult, claudeResultText, toClaudeRunUsage } from './result-json.js';
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

/** Reads Claude Code stream-json, `--output-format json` (object or array) and transcript lines. */
export function createClaudeCodeReader(run: RunBuilder): RunReader {
  run.runtime = 'claude-code';
  let result: ClaudeResultEvent | undefined;
  let resultLine = 0;
  let lastMainStopReason: string | null | undefined;
  // Streamed text per scope (main or a subagent's tool_use id), until the assistant line repeats it.
  const partials = new Map<string, PartialText>();
  let usageMessageId: string | undefined;
  let usageOfMessage: RunUsage | undefined;
  let summedUsage: RunUsage | undefined;

  function noteUsage(messageId: string | undefined, usage: unknown, line: number): void {
    const parsed = parseOptionalWire(ClaudeUsageSchema, usage, 'assistant message usage', line, run);
    if (!parsed) return;
    // Lines of one message repeat its usage, so only the last value per message id counts.
    if (messageId !== usageMessageId && usageOfMessage)
      summedUsage = addRunUsage(summedUsage, usageOfMessage);
    usageMessageId = messageId;
    usageOfMessage = toClaudeRunUsage(parsed);
  }

  /** Each content block arrives in its own line sharing `message.id` (2.1.276), so text is appended. */
  function acceptAssistant(event: ClaudeAssistantEvent, line: number): void {
    const subagent = isClaudeSubagent(event);
    const message = event.message;
    const texts: string[] = [];
    if (typeof message.content === 'string') texts.push(message.content);
    else {
      for (const raw of message.content) acceptAssistantBlock(raw, texts, line, subagent);
    }
    const text = texts.join('\n');
    if (text !== '') {
      // The complete block supersedes the deltas streamed for it.
      partials.delete(event.parent_tool_use_id ?? '');
      run.appendMessageText(message.id, text, line, subagent);
    }
    if (message.model && !run.model) run.model = message.model;
    if (subagent !== true && message.stop_reason !== undefined) lastMainStopReason = message.stop_reason;
    if (message.usage !== undefined) noteUsage(message.id, message.usage, line);
    if (event.error) run.warn('assistant_error', `Claude Code reported "${event.error}" on line ${line}.`);
  }

  function acceptAssistantBlock(raw: unknown, texts: string[], line: number, subagent?: boolean): void {
    const type = isJsonObjectValue(raw) && typeof raw.type === 'string' ? raw.type : undefined;
    if (type === undefined || !KNOWN_BLOCK_TYPES.has(type)) {
      if (type === undefined || !QUIET_BLOCK_TYPES.has(type)) run.unknown(`assistant.content/${type ?? '?'}`);
      return;
    }
    const block = parseOptionalWire(ClaudeContentBlockSchema, raw, `a "${type}" block`, line, run);
    if (block?.type === 'text') texts.push(block.text);
    else if (block?.type === 'tool_use') {
      run.tool(block.id, line, { name: block.name, input: block.input, status: 'pending', subagent });
    }
  }

  function acceptUser(event: TypedEvent, line: number): void {
    const user = parseWire(ClaudeUserEventSchema, event, line, run);
    if (!user || typeof user.message.content === 'string') return;
    const subagent = isClaudeSubagent(user);
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
      run.session(system.session_id);
      if (system.claude_code_version) run.runtimeVersion ??= system.claude_code_version;
      if (system.model) run.model ??= system.model;
    } else if (system.subtype === 'api_retry') {
      run.warn('api_retry', `Claude Code retried an API request (line ${line}).`, { line });
    }
  }

  function flushPartials(): void {
    for (const [scope, partial] of partials) {
      run.appendMessageText(partial.id, partial.text, partial.line, scope !== '', true);
    }
    partials.clear();
  }

  return {
    accept(event, line) {
      if (run.format === undefined) {
        // `--output-format json` is a lone result; transcripts use a camelCase envelope.
        if (event.type === 'result') run.format = 'result-json';
        else run.format = 'sessionId' in event || 'parentUuid' in event ? 'transcript' : 'stream-json';
      }
      run.session(typeof event.session_id === 'string' ? event.session_id : undefined);
      run.session(typeof event.sessionId === 'string' ? event.sessionId : undefined);
      if (typeof event.version === 'string' && run.format === 'transcript')
        run.runtimeVersion ??= event.version;
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
          if (parsed) {
            result = parsed;
            resultLine = line;
          }
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

    finish() {
      flushPartials();
      if (usageOfMessage) summedUsage = addRunUsage(summedUsage, usageOfMessage);
      const fallbackText = run.lastMainMessage()?.text;
      if (result) {
        const { finish, error } = claudeFinishFromResult(result);
        const usage = parseOptionalWire(ClaudeUsageSchema, result.usage, 'result usage', resultLine, run);
        return {
          finish,
          error,
          finalText: claudeResultText(result) ?? fallbackText,
          usage: usage ? toClaudeRunUsage(usage) : summedUsage,
          costUsd: result.total_cost_usd,
          structuredOutput: result.structured_output,
        };
      }
      // Transcripts have no terminal event; a main message that ended its turn is the best signal.
      const finish =
        run.format === 'transcript'
          ? lastMainStopReason === 'end_turn'
            ? 'complete'
            : 'unknown'
          : 'truncated';
      return { finish, finalText: fallbackText, usage: summedUsage };
    },
  };
}
