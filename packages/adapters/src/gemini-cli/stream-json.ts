import type { TypedEvent } from '../_shared/event-line.js';
import type { RunBuilder } from '../_shared/run-builder.js';
import type { RunReader } from '../_shared/run-reader.js';
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
 * Reads Gemini CLI `-p … --output-format stream-json` lines (0.61.0). The final message rule is in
 * `final-message.ts`; a run is complete only when it ends with `result` `status: "success"`, nothing follows
 * it, and its last answer was not blocked or stopped by the loop detector. `result` `status: "error"` (an API
 * error: the CLI exits with the HTTP status mod 256, a fatal tool error, a turn limit) is `error`.
 */
export function createGeminiCliReader(run: RunBuilder): RunReader {
  run.runtime = 'gemini-cli';
  let answer = new GeminiAnswer();
  let result: GeminiResultEvent | undefined;
  let outputAfterResult = false;
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
    if (result) outputAfterResult = true;
    result = parsed;
    const stats = parseOptionalWire(GeminiStreamStatsSchema, parsed.stats, 'result stats', line, run);
    if (stats) usage = toGeminiRunUsage(stats);
  }

  /** A second run printed to the same stdout (`init` after a `result`): the last run is the one read. */
  function startNextRun(): void {
    answer = new GeminiAnswer();
    result = undefined;
    outputAfterResult = false;
    usage = undefined;
    lastError = undefined;
    run.closeOpenItems();
  }

  function dispatch(event: TypedEvent, line: number): RunEventKind {
    if (result && event.type === 'init' && !outputAfterResult) startNextRun();
    if (result && event.type !== 'result') outputAfterResult = true;
    switch (event.type) {
      case 'init': {
        const init = parseWire(GeminiInitEventSchema, event, line, run);
        run.session(init?.session_id);
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

  return {
    accept(event, line) {
      run.format ??= 'stream-json';
      run.event(line, event.type, dispatch(event, line), event);
    },
    finish() {
      const finalText = answer.text();
      // A run cut or failed inside a tool round: the candidate (never a value: it did not complete) is the
      // text before the call, as in the other readers. After a block there is none: that text was rejected.
      const candidate =
        finalText ?? (answer.lastBoundary === 'tool' ? run.lastMainMessage()?.text : undefined);
      if (!result) {
        const said = lastError ? ` The last error it reported: ${lastError.message}` : '';
        const error = {
          code: 'no_terminal_event',
          message: `The stream ended before its result line.${said}`,
        };
        return { finish: 'truncated', error, finalText: candidate, usage };
      }
      if (outputAfterResult) {
        const error = {
          code: 'output_after_result',
          message: 'Gemini CLI printed more after its result line; a run has one result, at its end.',
        };
        return { finish: 'truncated', error, finalText: candidate, usage };
      }
      if (result.status === 'error') {
        const error = {
          code: result.error?.type ?? 'error',
          message: result.error?.message ?? 'The run ended with status "error".',
        };
        return { finish: 'error', error, finalText: candidate, usage };
      }
      return { ...endOfSuccess(answer), finalText, usage };
    },
  };
}
