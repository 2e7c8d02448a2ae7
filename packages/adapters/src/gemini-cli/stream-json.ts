import { readByType } from '../_shared/event-table.js';
import type { AnswerReader, EventVocabulary } from '../_shared/event-vocabulary.js';
import type { RunBuilder, RunSummary } from '../_shared/run-builder.js';
import { ToolCalls } from '../_shared/tool-calls.js';
import { parseOptionalWire, parseWire } from '../_shared/wire.js';
import type { RunUsage } from '../agent-run.js';
import { BLOCKED_PREFIX, GeminiAnswer, LOOP_DETECTED } from './final-message.js';
import { GEMINI_SHELL_TOOL, shellOutcomeOfDisplay } from './shell-exit.js';
import { geminiCliWireSchemas } from './wire-definitions.js';
import type { GeminiErrorEvent, GeminiResultEvent, GeminiStreamStats } from './wire-schemas.js';

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

/**
 * Where Gemini CLI's final answer lives, in `-p … --output-format stream-json` lines (0.61.0; the rule is in
 * `final-message.ts`): a run that ends with `result` `status: "success"` ended well unless its last answer
 * was blocked or stopped by the loop detector. `result` `status: "error"` (an API error: the CLI exits with
 * the HTTP status mod 256, a fatal tool error, a turn limit) is `error`.
 */
function createGeminiCliAnswer(run: RunBuilder): AnswerReader {
  const wire = geminiCliWireSchemas();
  const calls = new ToolCalls(run, true);
  const answer = new GeminiAnswer();
  let result: GeminiResultEvent | undefined;
  let usage: RunUsage | undefined;
  let lastError: GeminiErrorEvent | undefined;

  const accept = readByType(run, {
    init(event, line) {
      const init = parseWire(wire.GeminiInitEventSchema, event, line, run);
      if (init?.model && !run.model) run.model = init.model;
      return 'session';
    },
    message(event, line) {
      const message = parseWire(wire.GeminiMessageEventSchema, event, line, run);
      if (!message) return 'unknown';
      if (message.role === 'user') {
        answer.endAt('prompt');
        return 'user';
      }
      if (message.content === '') return 'delta';
      const draft = answer.value;
      if (draft) draft.text += message.content;
      else {
        const opened = run.appendMessageText(undefined, message.content, line, false);
        if (opened) answer.offer(opened);
      }
      return 'delta';
    },
    tool_use(event, line) {
      const call = parseWire(wire.GeminiToolUseEventSchema, event, line, run);
      answer.endAt('tool');
      if (call) calls.began(call.tool_id, line, { name: call.tool_name, input: call.parameters });
      return 'tool';
    },
    tool_result(event, line) {
      const done = parseWire(wire.GeminiToolResultEventSchema, event, line, run);
      answer.endAt('tool');
      if (!done) return 'tool';
      const shell = run.pendingTool(done.tool_id)?.name === GEMINI_SHELL_TOOL;
      const outcome = shell && done.status === 'success' ? shellOutcomeOfDisplay(done.output) : undefined;
      const exited = outcome?.status === 'error' ? outcome.error : undefined;
      const failed = done.status === 'error' || exited !== undefined;
      const why = exited ?? done.error?.message;
      const output = done.output ?? (failed ? why : undefined);
      calls.ended(done.tool_id, line, {
        output,
        failed,
        unconfirmed: outcome?.status === 'unconfirmed',
        error: failed ? (why ?? 'The tool call failed.') : undefined,
      });
      return 'tool';
    },
    error(event, line) {
      const error = parseWire(wire.GeminiErrorEventSchema, event, line, run);
      if (!error) return 'error';
      if (error.severity === 'warning' && error.message.startsWith(BLOCKED_PREFIX)) {
        answer.endAt('blocked');
        run.warn('agent_execution_blocked', error.message, { line });
        return 'status';
      }
      if (error.severity === 'warning' && error.message.startsWith(LOOP_DETECTED)) answer.loopDetected();
      lastError = error;
      run.warn(error.severity === 'warning' ? 'runtime_warning' : 'runtime_error', error.message, { line });
      return 'error';
    },
    result(event, line) {
      const parsed = parseWire(wire.GeminiResultEventSchema, event, line, run);
      if (!parsed) return 'finish';
      result = parsed;
      const stats = parseOptionalWire(wire.GeminiStreamStatsSchema, parsed.stats, 'result stats', line, run);
      if (stats) usage = toGeminiRunUsage(stats);
      return 'finish';
    },
  });

  /** A run cut or failed inside a tool round has the text before the call as its candidate; after a block, none. */
  const candidate = () =>
    answer.text() ?? (answer.lastBoundary === 'tool' ? run.lastMainMessage()?.text : undefined);

  return {
    accept,
    ended(): RunSummary | undefined {
      if (!result) return undefined;
      if (result.status === 'error') {
        const error = {
          code: result.error?.type ?? 'error',
          message: result.error?.message ?? 'The run ended with status "error".',
        };
        return { finish: 'error', error, finalText: candidate(), usage };
      }
      // A turn that ended with no message has an empty final message, never earlier narration.
      const ended = answer.endOfSuccess();
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
