import type { TypedEvent } from '../_shared/event-line.js';
import type { AnswerReader, EventVocabulary } from '../_shared/event-vocabulary.js';
import type { RunBuilder, RunSummary } from '../_shared/run-builder.js';
import { INVALID_TERMINAL_EVENT } from '../_shared/run-engine.js';
import { parseOptionalWire, parseWire, safeParseWire } from '../_shared/wire.js';
import type { RunError, RunUsage } from '../agent-run.js';
import { type QwenMessageCheck, QwenStreamedMessage, unusableFinalMessage } from './final-message.js';
import {
  QWEN_PASSIVE_EVENT_TYPES,
  type QwenAssistantEvent,
  QwenAssistantEventSchema,
  type QwenResultEvent,
  QwenResultEventSchema,
  QwenStreamEventSchema,
  QwenSystemEventSchema,
  QwenTextBlockSchema,
  QwenToolResultBlockSchema,
  QwenToolUseBlockSchema,
  QwenUsageSchema,
  QwenUserEventSchema,
} from './wire-schemas.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const PASSIVE_TYPES: ReadonlySet<string> = new Set(QWEN_PASSIVE_EVENT_TYPES);
const KNOWN_BLOCKS: ReadonlySet<string> = new Set(['text', 'thinking', 'tool_use', 'tool_result']);

interface FinalCandidate {
  readonly text: string;
  readonly check: QwenMessageCheck;
}

function textOfContent(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block) => safeParseWire(QwenTextBlockSchema, block))
    .filter((parsed) => parsed.success)
    .map((parsed) => parsed.data.text)
    .join('');
}

function toRunUsage(usage: {
  input_tokens?: number;
  output_tokens?: number;
  cache_read_input_tokens?: number;
}) {
  return {
    inputTokens: usage.input_tokens ?? 0,
    outputTokens: usage.output_tokens ?? 0,
    cacheReadTokens: usage.cache_read_input_tokens,
    cacheWriteTokens: undefined,
    reasoningTokens: undefined,
  } satisfies RunUsage;
}

/**
 * Where Qwen Code's final answer lives, in stream-json and the `--output-format json` array (the rule is in
 * `final-message.ts`): a run that ends with a `result` of subtype `success` that is not an error ended well
 * when its final message is shown to be one answer whose text `result.result` repeats.
 */
function createQwenCodeAnswer(run: RunBuilder): AnswerReader {
  let streamed = new QwenStreamedMessage();
  // The main agent's last text message since the last `user` line or tool call.
  let candidate: FinalCandidate | undefined;
  let result: QwenResultEvent | undefined;
  let continuedAfterRetry = false;

  function acceptAssistant(event: QwenAssistantEvent, line: number): void {
    const subagent = typeof event.parent_tool_use_id === 'string' ? true : undefined;
    const texts: string[] = [];
    let asksForTool = false;
    for (const raw of event.message.content) {
      if (!KNOWN_BLOCKS.has(raw.type)) {
        run.unknown(`assistant.content/${raw.type}`);
        continue;
      }
      if (raw.type === 'text') {
        const block = parseOptionalWire(QwenTextBlockSchema, raw, 'a "text" block', line, run);
        if (block) texts.push(block.text);
      } else if (raw.type === 'tool_use') {
        const block = parseOptionalWire(QwenToolUseBlockSchema, raw, 'a "tool_use" block', line, run);
        if (block)
          run.tool(block.id, line, { name: block.name, input: block.input, status: 'pending', subagent });
        asksForTool = true;
      }
    }
    // Text blocks of one message are joined as the CLI joins them for `result` (no separator).
    const text = texts.join('');
    run.appendMessageText(event.message.id, text, line, subagent);
    if (event.message.model && !run.model) run.model = event.message.model;
    if (subagent) return;
    if (text !== '')
      candidate = { text, check: continuedAfterRetry ? { kind: 'retried' } : streamed.verdict(text) };
    // Text beside a tool call is narration: the answer comes after the call.
    if (asksForTool) candidate = undefined;
    streamed = new QwenStreamedMessage();
  }

  function acceptUser(event: TypedEvent, line: number): void {
    const user = parseWire(QwenUserEventSchema, event, line, run);
    if (!user) return;
    const subagent = typeof user.parent_tool_use_id === 'string' ? true : undefined;
    if (!subagent) {
      candidate = undefined;
      continuedAfterRetry = false;
      streamed = new QwenStreamedMessage();
    }
    if (typeof user.message.content === 'string') return;
    for (const raw of user.message.content) {
      if (raw.type !== 'tool_result') continue;
      const block = parseOptionalWire(QwenToolResultBlockSchema, raw, 'a "tool_result" block', line, run);
      if (!block) continue;
      const output = textOfContent(block.content);
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
    const parsed = parseWire(QwenStreamEventSchema, event, line, run);
    if (!parsed || typeof parsed.parent_tool_use_id === 'string') return;
    const inner = parsed.event;
    if (inner.type === 'goal_state') return;
    if (inner.type === 'content_block_start') streamed.start(inner.content_block?.type ?? '');
    else if (inner.type === 'content_block_stop') streamed.stop();
    else if (inner.type === 'content_block_delta' && inner.delta?.type === 'text_delta')
      streamed.delta(inner.delta.text ?? '');
  }

  function acceptSystem(event: TypedEvent, line: number): void {
    const system = parseWire(QwenSystemEventSchema, event, line, run);
    run.event(line, system?.subtype ? `system/${system.subtype}` : 'system', 'status', event);
    if (!system) return;
    if (system.subtype === 'init') {
      if (system.qwen_code_version) run.runtimeVersion ??= system.qwen_code_version;
      if (system.model) run.model ??= system.model;
    } else if (system.subtype === 'retry') {
      run.warn('api_retry', `Qwen Code retried a model request (line ${line}).`, { line });
      if (typeof system.parent_tool_use_id === 'string') return;
      // The CLI printed the abandoned attempt's text as a message before this line (restartAttempt): it is
      // no answer. A continuation retry keeps that text and goes on with it, maybe in a new message, so a
      // later message of the turn cannot be shown to be the whole answer.
      candidate = undefined;
      streamed = new QwenStreamedMessage();
      if (isObject(system.data) && system.data.preserveText === true) continuedAfterRetry = true;
    } else if (system.subtype === 'model_fallback') {
      run.warn('model_fallback', `Qwen Code fell back to another model (line ${line}).`, { line });
    }
  }

  function acceptResult(parsed: QwenResultEvent): void {
    result = parsed;
  }

  function usage(): RunUsage | undefined {
    const usageWire = result ? safeParseWire(QwenUsageSchema, result.usage) : undefined;
    return usageWire?.success ? toRunUsage(usageWire.data) : undefined;
  }

  function finishOfResult(ended: QwenResultEvent): {
    finish: 'complete' | 'error' | 'unknown';
    error?: RunError;
  } {
    if (ended.is_error || ended.subtype !== 'success') {
      return {
        finish: 'error',
        error: {
          code: ended.subtype,
          message: ended.error?.message ?? `Qwen Code ended the run with result subtype "${ended.subtype}".`,
        },
      };
    }
    if (candidate === undefined) return { finish: 'complete' };
    const unusable = unusableFinalMessage(candidate.check);
    if (unusable) return { finish: 'unknown', error: unusable };
    // `result.result` is the last assistant line's text: a different one contradicts the stream.
    if (ended.result !== undefined && ended.result !== '' && ended.result !== candidate.text) {
      return {
        finish: 'error',
        error: {
          code: 'contradictory_result',
          message:
            'The result text is not the final message the stream shows; a result that contradicts the stream does not complete the run.',
        },
      };
    }
    return { finish: 'complete' };
  }

  return {
    accept(event, line) {
      switch (event.type) {
        case 'system':
          acceptSystem(event, line);
          return;
        case 'assistant': {
          const assistant = parseWire(QwenAssistantEventSchema, event, line, run);
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
        case 'result': {
          const parsed = parseWire(QwenResultEventSchema, event, line, run);
          if (parsed) acceptResult(parsed);
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
      if (!result) {
        return { finish: 'truncated', error: INVALID_TERMINAL_EVENT, usage: usage() };
      }
      const ended = finishOfResult(result);
      // A joined or unverified message is never offered as the answer, not even as a candidate. A turn that
      // ended with no text message, which `result.result: ""` confirms, has an empty final message.
      const empty = candidate === undefined && result.result === '' ? '' : undefined;
      const finalText = candidate?.check.kind === 'single' ? candidate.text : empty;
      return { ...ended, finalText: ended.finish === 'unknown' ? undefined : finalText, usage: usage() };
    },

    totals() {
      return { finalText: candidate?.check.kind === 'single' ? candidate.text : undefined, usage: usage() };
    },
  };
}

/** Qwen Code's events for the reader engine: Claude Code's envelope, one `init` per run. */
export const qwenCodeEvents: EventVocabulary = {
  format: () => 'stream-json',
  start: {
    matches: (event) => event.type === 'system' && event.subtype === 'init',
    perTurn: false,
    requiredIn: ['stream-json'],
  },
  isTerminal: (event) => event.type === 'result',
  endsOnce: true,
  sessionOf: (event) => (typeof event.session_id === 'string' ? event.session_id : undefined),
  isSubagent: (event) => typeof event.parent_tool_use_id === 'string',
  createAnswer: createQwenCodeAnswer,
};
