import type { TypedEvent } from '../_shared/event-line.js';
import type { AnswerReader, EventVocabulary } from '../_shared/event-vocabulary.js';
import type { RunBuilder, RunSummary } from '../_shared/run-builder.js';
import { parseOptionalWire, parseWire } from '../_shared/wire.js';
import type { FinishState, RunError, RunEventKind, RunUsage } from '../agent-run.js';
import { BLOCKED_PREFIX, GeminiAnswer, LOOP_DETECTED } from './final-message.js';
import {
  type GeminiErrorEvent,
  GeminiErrorEventSchema,
  GeminiInitEventSchema,
  GeminiMessageEventSchema,
  type GeminiResultEvent,
  GeminiResultEventSchema,
  type GeminiStreamStats,
  GeminiStreamStatsSchema,
  GeminiToolResultEventSchema,
  GeminiToolUseEventSchema,
} from './wire-schemas.js';

/** `result.stats` as run usage: `cached` counts the cache reads, which `input_tokens` includes. */
export function toGeminiRunUsage(stats: GeminiStreamStats): RunUsage {
  return {
    inputTokens: stats.input_tokens,
    outputTokens: stats.output_tokens,
    cacheReadTokens: stats.cached,
    cacheWriteTokens: undefined,
    reasoningTokens: undefined,
  };
}

interface Ended {
  readonly finish: FinishState;
  readonly error?: RunError;
}

/** How a run whose `result` said `success` ended, by what its final message shows (`final-message.ts`). */
function endOfSuccess(answer: GeminiAnswer): Ended {
  if (answer.stoppedByLoopDetector) {
    return {
      finish: 'max_turns',
      error: {
        code: 'loop_detected',
        message: 'Gemini CLI stopped the agent: "Loop detected, stopping execution".',
      },
    };
  }
  if (answer.text() === undefined && answer.lastBoundary === 'blocked') {
    return {
      finish: 'error',
      error: {
        code: 'blocked_without_answer',
        message: 'A hook blocked the last answer and the run ended with no answer after it.',
      },
    };
  }
  return { finish: 'complete' };
}

/**
 * Where Gemini CLI's final answer lives, in `-p … --output-format stream-json` lines (0.61.0; the rule is in
 * `final-message.ts`): a run that ends with `result` `status: "success"` ended well unless its last answer
 * was blocked or stopped by the loop detector. `result` `status: "error"` (an API error: the CLI exits with
 * the HTTP status mod 256, a fatal tool error, a turn limit) is `error`.
 */
function createGeminiCliAnswer(run: RunBuilder): AnswerReader {
  const answer = new GeminiAnswer();
  let result: GeminiResultEvent | undefined;
  let usage: RunUsage | undefined;
  let lastError: GeminiErrorEvent | undefined;

  function acceptMessage(event: TypedEvent, line: number): RunEventKind {
    const message = parseWire(GeminiMessageEventSchema, event, line, run);
    if (!message) return 'unknown';
    if (message.role === 'user') {
      answer.close('prompt');
      return 'user';
    }
    if (message.content === '') return 'delta';
    const draft = answer.current;
    if (draft) draft.text += message.content;
    else {
      const opened = run.appendMessageText(undefined, message.content, line, false);
      if (opened) answer.open(opened);
    }
    return 'delta';
  }

  function acceptError(event: TypedEvent, line: number): RunEventKind {
    const error = parseWire(GeminiErrorEventSchema, event, line, run);
    if (!error) return 'error';
    if (error.severity === 'warning' && error.message.startsWith(BLOCKED_PREFIX)) {
      answer.close('blocked');
      run.warn('agent_execution_blocked', error.message, { line });
      return 'status';
    }
    if (error.severity === 'warning' && error.message.startsWith(LOOP_DETECTED)) answer.loopDetected();
    lastError = error;
    run.warn(error.severity === 'warning' ? 'runtime_warning' : 'runtime_error', error.message, { line });
    return 'error';
  }

  function acceptResult(event: TypedEvent, line: number): void {
    const parsed = parseWire(GeminiResultEventSchema, event, line, run);
    if (!parsed) return;
    result = parsed;
    const stats = parseOptionalWire(GeminiStreamStatsSchema, parsed.stats, 'result stats', line, run);
    if (stats) usage = toGeminiRunUsage(stats);
  }

  function dispatch(event: TypedEvent, line: number): RunEventKind {
    switch (event.type) {
      case 'init': {
        const init = parseWire(GeminiInitEventSchema, event, line, run);
        if (init?.model && !run.model) run.model = init.model;
        return 'session';
      }
      case 'message':
        return acceptMessage(event, line);
      case 'tool_use': {
        const call = parseWire(GeminiToolUseEventSchema, event, line, run);
        answer.close('tool');
        if (call)
          run.tool(call.tool_id, line, { name: call.tool_name, input: call.parameters, status: 'running' });
        return 'tool';
      }
      case 'tool_result': {
        const done = parseWire(GeminiToolResultEventSchema, event, line, run);
        answer.close('tool');
        if (!done) return 'tool';
        if (!run.pendingTool(done.tool_id)) {
          run.warn('orphan_tool_result', `Line ${line}: a tool result for an unknown call ${done.tool_id}.`);
        }
        const failed = done.status === 'error';
        run.tool(done.tool_id, line, {
          output: done.output ?? (failed ? done.error?.message : undefined),
          status: failed ? 'error' : 'completed',
          error: failed ? (done.error?.message ?? 'The tool call failed.') : undefined,
        });
        return 'tool';
      }
      case 'error':
        return acceptError(event, line);
      case 'result':
        acceptResult(event, line);
        return 'finish';
      default:
        run.unknown(event.type);
        return 'unknown';
    }
  }

  /** A run cut or failed inside a tool round has the text before the call as its candidate; after a block, none. */
  function candidate(): string | undefined {
    return answer.text() ?? (answer.lastBoundary === 'tool' ? run.lastMainMessage()?.text : undefined);
  }

  return {
    accept(event, line) {
      run.event(line, event.type, dispatch(event, line), event);
    },

    ended(): RunSummary {
      if (!result) {
        const error = {
          code: 'invalid_terminal_event',
          message: 'The run ends in a result line that is not valid.',
        };
        return { finish: 'truncated', error, finalText: candidate(), usage };
      }
      if (result.status === 'error') {
        const error = {
          code: result.error?.type ?? 'error',
          message: result.error?.message ?? 'The run ended with status "error".',
        };
        return { finish: 'error', error, finalText: candidate(), usage };
      }
      // A turn that ended with no message has an empty final message, never earlier narration.
      const ended = endOfSuccess(answer);
      const empty = ended.finish === 'complete' ? '' : undefined;
      return { ...ended, finalText: answer.text() ?? empty, usage };
    },

    totals: () => ({ finalText: candidate(), usage }),

    reportedError: () => lastError?.message,
  };
}

/** Gemini CLI's events for the reader engine: one `init` and one `result` per run. */
export const geminiCliEvents: EventVocabulary = {
  format: () => 'stream-json',
  start: { matches: (event) => event.type === 'init', perTurn: false, requiredIn: ['stream-json'] },
  isTerminal: (event) => event.type === 'result',
  endsOnce: true,
  sessionOf: (event) =>
    event.type === 'init' && typeof event.session_id === 'string' ? event.session_id : undefined,
  isSubagent: () => false,
  createAnswer: createGeminiCliAnswer,
};
