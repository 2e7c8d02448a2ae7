import type { TypedEvent } from '../_shared/event-line.js';
import type { AnswerReader, EventVocabulary } from '../_shared/event-vocabulary.js';
import type { RunBuilder, RunSummary } from '../_shared/run-builder.js';
import { INVALID_TERMINAL_EVENT } from '../_shared/run-engine.js';
import { parseOptionalWire, parseWire } from '../_shared/wire.js';
import type { RunError, RunEventKind, RunUsage } from '../agent-run.js';
import {
  PiAgentSettledEventSchema,
  PiAutoRetryEndEventSchema,
  type PiContentPart,
  type PiMessage,
  PiMessageEventSchema,
  PiSessionHeaderSchema,
  PiToolEndEventSchema,
  PiToolStartEventSchema,
  PiUsageSchema,
} from './wire-schemas.js';

/** How Pi 1.6.0 words a refusal: `stopReason: "error"` with this `errorMessage` (OpenAI `content_filter`). */
export const PI_REFUSAL_PREFIX = 'Provider finish_reason: content_filter';

/** The text parts of a message's content, joined with no separator (as Pi's `-p` prints them). */
export function piMessageText(content: string | readonly PiContentPart[] | undefined): string {
  if (typeof content === 'string') return content;
  let text = '';
  for (const part of content ?? [])
    if (part.type === 'text' && typeof part.text === 'string') text += part.text;
  return text;
}

interface FinalMessage {
  readonly text: string;
  readonly stopReason: string | undefined;
  readonly errorMessage: string | undefined;
}

function add(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0);
}

/** How a run that reached `agent_settled` ended, by its final assistant message's `stopReason`. */
function endOf(
  final: FinalMessage | undefined,
  aborted: boolean,
): { finish: RunSummary['finish']; error?: RunError } {
  if (aborted || final?.stopReason === 'aborted') {
    return {
      finish: 'error',
      error: { code: 'aborted', message: final?.errorMessage ?? 'The run was aborted.' },
    };
  }
  if (!final) {
    return {
      finish: 'error',
      error: { code: 'no_answer', message: 'The run settled with no assistant message.' },
    };
  }
  switch (final.stopReason) {
    case 'stop':
      return { finish: 'complete' };
    case 'length':
      return {
        finish: 'length',
        error: {
          code: 'max_tokens',
          message: 'The answer was cut at the output-token limit (stopReason "length").',
        },
      };
    case 'error': {
      const message = final.errorMessage ?? 'The model request failed (stopReason "error").';
      if (message.startsWith(PI_REFUSAL_PREFIX))
        return { finish: 'refused', error: { code: 'refusal', message } };
      return { finish: 'error', error: { code: 'model_error', message } };
    }
    default:
      return {
        finish: 'error',
        error: {
          code: 'unfinished_turn',
          message: `The run settled after an assistant message with stopReason "${final.stopReason ?? 'none'}", not a final answer.`,
        },
      };
  }
}

/**
 * Where Pi's final answer lives, in `--mode json` lines (1.6.0): the text parts of the last assistant
 * `message_end`. Pi exits 0 on API errors, length cuts and refusals, so how the run ended is that message's
 * `stopReason` (`stop` completes; `length`, `error`, `aborted` do not). A push-back (`agent_before_settle`)
 * starts another `agent_start … agent_end` in the same run; only `agent_settled` ends it, so output cut
 * before it (a slow extension ends stdout early with exit 0) never completes. Usage sums every request's.
 */
function createPiAnswer(run: RunBuilder): AnswerReader {
  let final: FinalMessage | undefined;
  let settled: { aborted: boolean } | undefined;
  let usage: RunUsage | undefined;
  let costUsd: number | undefined;
  let lastError: string | undefined;

  function addUsage(value: unknown, line: number): void {
    const parsed = parseOptionalWire(PiUsageSchema, value, 'message usage', line, run);
    if (!parsed) return;
    usage = {
      inputTokens: (usage?.inputTokens ?? 0) + parsed.input,
      outputTokens: (usage?.outputTokens ?? 0) + parsed.output,
      cacheReadTokens: add(usage?.cacheReadTokens, parsed.cacheRead),
      cacheWriteTokens: add(usage?.cacheWriteTokens, parsed.cacheWrite),
      reasoningTokens: add(usage?.reasoningTokens, parsed.reasoning),
    };
    costUsd = add(costUsd, parsed.cost?.total);
  }

  function acceptAssistant(message: PiMessage, line: number): void {
    if (message.model && !run.model) run.model = message.model;
    addUsage(message.usage, line);
    const text = piMessageText(message.content);
    run.appendMessageText(undefined, text, line, undefined);
    final = { text, stopReason: message.stopReason, errorMessage: message.errorMessage };
    if (message.stopReason === 'error' || message.stopReason === 'aborted') lastError = message.errorMessage;
  }

  function acceptMessage(event: TypedEvent, line: number): RunEventKind {
    const parsed = parseWire(PiMessageEventSchema, event, line, run);
    if (!parsed) return 'unknown';
    const { message } = parsed;
    if (message.role === 'user' || message.role === 'custom') return 'user';
    if (message.role !== 'assistant') return 'status';
    if (parsed.type === 'message_start') return 'status';
    acceptAssistant(message, line);
    return 'message';
  }

  function dispatch(event: TypedEvent, line: number): RunEventKind {
    switch (event.type) {
      case 'session':
        parseWire(PiSessionHeaderSchema, event, line, run);
        return 'session';
      case 'message_start':
      case 'message_end':
        return acceptMessage(event, line);
      case 'message_update':
        return 'delta';
      case 'tool_execution_start': {
        const call = parseWire(PiToolStartEventSchema, event, line, run);
        if (call)
          run.tool(call.toolCallId, line, { name: call.toolName, input: call.args, status: 'running' });
        return 'tool';
      }
      case 'tool_execution_update':
        return 'tool';
      case 'tool_execution_end': {
        const done = parseWire(PiToolEndEventSchema, event, line, run);
        if (!done) return 'tool';
        const output = piMessageText(done.result?.content);
        run.tool(done.toolCallId, line, {
          ...(done.toolName === undefined ? {} : { name: done.toolName }),
          output,
          status: done.isError === true ? 'error' : 'completed',
          error: done.isError === true ? output || 'The tool call failed.' : undefined,
        });
        return 'tool';
      }
      case 'agent_settled': {
        const parsed = parseWire(PiAgentSettledEventSchema, event, line, run);
        settled = { aborted: parsed?.aborted === true };
        return 'finish';
      }
      case 'auto_retry_end': {
        const parsed = parseWire(PiAutoRetryEndEventSchema, event, line, run);
        if (parsed && !parsed.success) lastError = parsed.finalError ?? lastError;
        return 'error';
      }
      case 'agent_start':
      case 'agent_end':
      case 'turn_start':
      case 'turn_end':
      case 'queue_update':
      case 'entry_appended':
      case 'compaction_start':
      case 'compaction_end':
      case 'auto_retry_start':
        return 'status';
      default:
        run.unknown(event.type);
        return 'unknown';
    }
  }

  return {
    accept(event, line) {
      run.event(line, event.type, dispatch(event, line), event);
    },

    ended(): RunSummary {
      const finalText = final?.text;
      if (!settled) return { finish: 'truncated', error: INVALID_TERMINAL_EVENT, finalText, usage, costUsd };
      return { ...endOf(final, settled.aborted), finalText, usage, costUsd };
    },

    totals: () => ({ finalText: final?.text, usage, costUsd }),

    reportedError: () => lastError,
  };
}

/** Pi's events for the reader engine: the `session` header opens the one run, `agent_settled` ends it. */
export const piEvents: EventVocabulary = {
  format: () => 'events-json',
  start: { matches: (event) => event.type === 'session', perTurn: false, requiredIn: ['events-json'] },
  isTerminal: (event) => event.type === 'agent_settled',
  endsOnce: true,
  sessionOf: (event) => (event.type === 'session' && typeof event.id === 'string' ? event.id : undefined),
  isSubagent: () => false,
  createAnswer: createPiAnswer,
};
