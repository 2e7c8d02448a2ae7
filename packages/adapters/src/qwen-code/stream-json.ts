import { AnswerCandidate } from '../_shared/answer-candidate.js';
import {
  type ContentBlockDialect,
  readAssistantMessage,
  readToolResults,
} from '../_shared/anthropic-messages.js';
import { builtOnce } from '../_shared/built-once.js';
import { isJsonObjectValue, type TypedEvent } from '../_shared/event-line.js';
import { eachAs, readByType } from '../_shared/event-table.js';
import type { AnswerReader, EventVocabulary } from '../_shared/event-vocabulary.js';
import type { RunBuilder, RunSummary } from '../_shared/run-builder.js';
import { ToolCalls } from '../_shared/tool-calls.js';
import { parseWire, safeParseWire } from '../_shared/wire.js';
import type { RunUsage } from '../agent-run.js';
import { finishOfResult, type QwenFinalCandidate, QwenStreamedMessage } from './final-message.js';
import { createQwenTranscriptAnswer, isQwenPersonPrompt, isQwenTranscriptRecord } from './transcript.js';
import { QWEN_PASSIVE_EVENT_TYPES, qwenCodeWireSchemas } from './wire-definitions.js';
import type { QwenResultEvent } from './wire-schemas.js';

/** Qwen Code's content blocks: one block type per message, text blocks joined as `result` joins them. */
const qwenBlocks = builtOnce((): ContentBlockDialect => {
  const wire = qwenCodeWireSchemas();
  return {
    assistantBlocks: {
      text: wire.QwenTextBlockSchema,
      thinking: undefined,
      tool_use: wire.QwenToolUseBlockSchema,
      tool_result: undefined,
    },
    toolResultBlock: wire.QwenToolResultBlockSchema,
    quietBlocks: new Set(),
    textSeparator: '',
  };
});

const subagentOf = (event: { parent_tool_use_id?: unknown }) =>
  typeof event.parent_tool_use_id === 'string' ? true : undefined;

/**
 * Where Qwen Code's final answer lives, in stream-json and the `--output-format json` array (the rule is in
 * `final-message.ts`): a run that ends with a `result` of subtype `success` that is not an error ended well
 * when its final message is shown to be one answer whose text `result.result` repeats.
 */
function createQwenCodeAnswer(run: RunBuilder): AnswerReader {
  const wire = qwenCodeWireSchemas();
  const blocks = qwenBlocks();
  const calls = new ToolCalls(run, false);
  let streamed = new QwenStreamedMessage();
  // The main agent's last text message since the last `user` line, tool call or retry.
  const candidate = new AnswerCandidate<QwenFinalCandidate, 'tool' | 'prompt' | 'retry'>();
  let result: QwenResultEvent | undefined;
  let continuedAfterRetry = false;

  function acceptSystem(event: TypedEvent, line: number) {
    const system = parseWire(wire.QwenSystemEventSchema, event, line, run);
    const recorded = {
      type: system?.subtype ? `system/${system.subtype}` : 'system',
      kind: 'status',
    } as const;
    if (system?.subtype === 'init') {
      if (system.qwen_code_version) run.runtimeVersion ??= system.qwen_code_version;
      if (system.model) run.model ??= system.model;
    } else if (system?.subtype === 'retry') {
      run.warn('api_retry', `Qwen Code retried a model request (line ${line}).`, { line });
      if (typeof system.parent_tool_use_id === 'string') return recorded;
      // The CLI printed the abandoned attempt's text as a message before this line (restartAttempt): it is
      // no answer. A continuation retry keeps that text and goes on with it, maybe in a new message, so a
      // later message of the turn cannot be shown to be the whole answer.
      candidate.endAt('retry');
      streamed = new QwenStreamedMessage();
      if (isJsonObjectValue(system.data) && system.data.preserveText === true) continuedAfterRetry = true;
    } else if (system?.subtype === 'model_fallback') {
      run.warn('model_fallback', `Qwen Code fell back to another model (line ${line}).`, { line });
    }
    return recorded;
  }

  const accept = readByType(run, {
    ...eachAs(QWEN_PASSIVE_EVENT_TYPES, 'status'),
    system: acceptSystem,
    assistant(event, line) {
      const assistant = parseWire(wire.QwenAssistantEventSchema, event, line, run);
      if (!assistant) return 'message';
      const subagent = subagentOf(assistant);
      const content = readAssistantMessage(blocks, assistant.message, line, run, calls, subagent);
      if (subagent) return 'message';
      const { text } = content;
      if (text !== '')
        candidate.offer({ text, check: continuedAfterRetry ? { kind: 'retried' } : streamed.verdict(text) });
      // Text beside a tool call is narration: the answer comes after the call.
      if (content.toolUseBlocks > 0) candidate.endAt('tool');
      streamed = new QwenStreamedMessage();
      return 'message';
    },
    user(event, line) {
      const user = parseWire(wire.QwenUserEventSchema, event, line, run);
      if (!user) return 'user';
      const subagent = subagentOf(user);
      if (!subagent) {
        candidate.endAt('prompt');
        continuedAfterRetry = false;
        streamed = new QwenStreamedMessage();
      }
      readToolResults(blocks, user.message.content, line, run, calls, subagent);
      return 'user';
    },
    stream_event(event, line) {
      const parsed = parseWire(wire.QwenStreamEventSchema, event, line, run);
      if (!parsed || typeof parsed.parent_tool_use_id === 'string') return 'delta';
      const inner = parsed.event;
      if (inner.type === 'content_block_start') streamed.start(inner.content_block?.type ?? '');
      else if (inner.type === 'content_block_stop') streamed.stop();
      else if (inner.type === 'content_block_delta' && inner.delta?.type === 'text_delta')
        streamed.delta(inner.delta.text ?? '');
      return 'delta';
    },
    result(event, line) {
      result = parseWire(wire.QwenResultEventSchema, event, line, run) ?? result;
      return 'finish';
    },
  });

  function usage(): RunUsage | undefined {
    const parsed = result ? safeParseWire(wire.QwenUsageSchema, result.usage) : undefined;
    if (!parsed?.success) return undefined;
    const { input_tokens, output_tokens, cache_read_input_tokens } = parsed.data;
    return {
      inputTokens: input_tokens ?? 0,
      outputTokens: output_tokens ?? 0,
      cacheReadTokens: cache_read_input_tokens,
      cacheWriteTokens: undefined,
      reasoningTokens: undefined,
    };
  }

  /** A joined or unverified message is never offered as the answer, not even as a candidate. */
  const answerText = () => (candidate.value?.check.kind === 'single' ? candidate.value.text : undefined);

  return {
    accept,
    ended(): RunSummary | undefined {
      if (!result) return undefined;
      const ended = finishOfResult(result, candidate.value);
      // A turn that ended with no text message, which `result.result: ""` confirms, has an empty final message.
      const empty = candidate.value === undefined && result.result === '' ? '' : undefined;
      const finalText = ended.finish === 'unknown' ? undefined : (answerText() ?? empty);
      return { ...ended, finalText, usage: usage() };
    },
    totals: () => ({ finalText: answerText(), usage: usage() }),
  };
}

/** The answer reader of the form the run is in: stream-json (or the json array), or the chat recording. */
function createQwenAnswer(run: RunBuilder): AnswerReader {
  let reader: AnswerReader | undefined;
  const current = () => {
    reader ??= run.format === 'transcript' ? createQwenTranscriptAnswer(run) : createQwenCodeAnswer(run);
    return reader;
  };
  return {
    accept: (event, line) => current().accept(event, line),
    ended: () => current().ended(),
    totals: () => current().totals(),
    endedWithoutTerminal: () => current().endedWithoutTerminal?.(),
  };
}

/**
 * Qwen Code's events for the reader engine: stream-json (Claude Code's envelope, one `init` per run) and the
 * chat recording the Stop hook names (`transcript.ts`).
 */
export const qwenCodeEvents: EventVocabulary = {
  format: (first) => (isQwenTranscriptRecord(first) ? 'transcript' : 'stream-json'),
  start: {
    matches: (event) => event.type === 'system' && event.subtype === 'init',
    perTurn: false,
    requiredIn: ['stream-json'],
  },
  isTerminal: (event) => event.type === 'result',
  endsOnce: true,
  sessionOf: (event) =>
    typeof event.session_id === 'string'
      ? event.session_id
      : typeof event.sessionId === 'string'
        ? event.sessionId
        : undefined,
  isSubagent: (event) => typeof event.parent_tool_use_id === 'string',
  isPersonPrompt: isQwenPersonPrompt,
  createAnswer: createQwenAnswer,
};
