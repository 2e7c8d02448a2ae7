import {
  type ContentBlockDialect,
  readAssistantMessage,
  readToolResults,
} from '../_shared/anthropic-messages.js';
import { builtOnce } from '../_shared/built-once.js';
import type { TypedEvent } from '../_shared/event-line.js';
import { eachAs, readByType } from '../_shared/event-table.js';
import type { AnswerReader, EventVocabulary } from '../_shared/event-vocabulary.js';
import type { RunBuilder, RunSummary } from '../_shared/run-builder.js';
import { ToolCalls } from '../_shared/tool-calls.js';
import { StreamUsage } from '../_shared/usage.js';
import { parseOptionalWire, parseWire } from '../_shared/wire.js';
import type { FinishState, RunError, RunUsage } from '../agent-run.js';
import { type ClaudeEnvelope, isClaudeSubagent } from './envelope.js';
import {
  ClaudeTurn,
  claudeFinalText,
  finishOfTurn,
  isLocalCommandResult,
  isMaxTokensResume,
} from './final-message.js';
import { isClaudePersonPrompt } from './person-prompt.js';
import { claudeResultText, claudeResultUsage, toClaudeRunUsage } from './result-json.js';
import { CLAUDE_PASSIVE_EVENT_TYPES, claudeCodeWireSchemas } from './wire-definitions.js';
import type { ClaudeResultEvent } from './wire-schemas.js';

/** Claude Code's content blocks, each checked by the one block schema; text blocks join by newlines. */
const claudeBlocks = builtOnce((): ContentBlockDialect => {
  const block = claudeCodeWireSchemas().ClaudeContentBlockSchema;
  return {
    assistantBlocks: { text: block, thinking: block, tool_use: block, tool_result: block },
    toolResultBlock: block,
    quietBlocks: new Set(['redacted_thinking', 'image']),
    textSeparator: '\n',
  };
});

/**
 * Where Claude Code's final answer lives, in stream-json, `--output-format json` (object or array) and
 * transcript lines (the rule is in `final-message.ts`): a run that ends with its `result` line ended as that
 * result says, unless its answer was cut at `max_tokens` or refused. A transcript has no `result`: a main
 * message that ended its turn is its end.
 */
function createClaudeCodeAnswer(run: RunBuilder): AnswerReader {
  const wire = claudeCodeWireSchemas();
  const blocks = claudeBlocks();
  const calls = new ToolCalls(run, true);
  const turn = new ClaudeTurn();
  // Streamed text per scope (main or a subagent's tool_use id), until the assistant line repeats it.
  const partials = new Map<string, { id: string | undefined; text: string; line: number }>();
  const usage = new StreamUsage();
  let result: ClaudeResultEvent | undefined;
  let resultFinal: { finish: FinishState; error?: RunError; text: string | undefined } | undefined;
  let lastMainStopReason: string | null | undefined;
  let refused = false;

  const readEvent = readByType(run, {
    ...eachAs(CLAUDE_PASSIVE_EVENT_TYPES, 'status'),
    /** Each content block arrives in its own line sharing `message.id` (2.1.276), so text is appended. */
    assistant(event, line) {
      const assistant = parseWire(wire.ClaudeAssistantEventSchema, event, line, run);
      if (!assistant) return 'message';
      const { message } = assistant;
      const subagent = isClaudeSubagent(assistant);
      const read = readAssistantMessage(blocks, message, line, run, calls, subagent);
      const { text, toolCalls, draft } = read;
      // The complete block supersedes the deltas streamed for it.
      const scope = assistant.parent_tool_use_id ?? '';
      if (text !== '') partials.delete(scope);
      if (subagent !== true) {
        if (message.stop_reason !== undefined) lastMainStopReason = message.stop_reason;
        if (message.stop_reason === 'refusal' || assistant.refused_message_id !== undefined) {
          partials.delete(scope);
          refused = true;
          if (draft) turn.withdraw(draft);
        } else if (draft) {
          if (text !== '') refused = false;
          turn.add(draft, message.stop_reason);
        }
        // Text beside a tool call is narration: the agent goes on, and its answer comes after the call.
        if (toolCalls > 0) turn.reset();
      }
      const used = parseOptionalWire(
        wire.ClaudeUsageSchema,
        message.usage,
        'assistant message usage',
        line,
        run,
      );
      if (used) usage.message(message.id, toClaudeRunUsage(used));
      if (assistant.error)
        run.warn('assistant_error', `Claude Code reported "${assistant.error}" on line ${line}.`);
      return 'message';
    },
    user(event, line) {
      const user = parseWire(wire.ClaudeUserEventSchema, event, line, run);
      if (!user) return 'user';
      const subagent = isClaudeSubagent(user);
      if (subagent !== true && isMaxTokensResume(event)) turn.continueAfterCut();
      else if (subagent !== true) turn.reset();
      readToolResults(blocks, user.message.content, line, run, calls, subagent);
      return 'user';
    },
    stream_event(event, line) {
      const streamed = parseWire(wire.ClaudeStreamEventSchema, event, line, run);
      if (!streamed) return 'delta';
      const scope = streamed.parent_tool_use_id ?? '';
      const inner = streamed.event;
      if (inner.type === 'message_start') partials.set(scope, { id: inner.message?.id, text: '', line });
      else if (inner.delta?.type === 'text_delta' && inner.delta.text) {
        const partial = partials.get(scope) ?? { id: undefined, text: '', line };
        partial.text += inner.delta.text;
        partials.set(scope, partial);
      }
      return 'delta';
    },
    system(event, line) {
      const system = parseWire(wire.ClaudeSystemEventSchema, event, line, run);
      if (system?.subtype === 'init') {
        if (system.claude_code_version) run.runtimeVersion ??= system.claude_code_version;
        if (system.model) run.model ??= system.model;
      } else if (system?.subtype === 'model_refusal_no_fallback') refused = true;
      else if (system?.subtype === 'api_retry')
        run.warn('api_retry', `Claude Code retried an API request (line ${line}).`, { line });
      const type = system?.subtype ? `system/${system.subtype}` : 'system';
      return { type, kind: system?.subtype === 'init' ? 'session' : 'status' };
    },
    result(event, line) {
      const parsed = parseWire(wire.ClaudeResultEventSchema, event, line, run);
      if (parsed) acceptResult(parsed, line);
      const count = Array.isArray(parsed?.permission_denials) ? parsed.permission_denials.length : 0;
      if (count > 0) run.warn('permission_denials', `Claude Code denied ${count} tool call(s).`, { count });
      return 'finish';
    },
  });

  function acceptResult(parsed: ClaudeResultEvent, line: number): void {
    const used = parseOptionalWire(wire.ClaudeUsageSchema, parsed.usage, 'result usage', line, run);
    const reported = used ? toClaudeRunUsage(used) : undefined;
    usage.endTurn((streamed) => claudeResultUsage(parsed, reported, streamed));
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

  /** Streamed text not yet repeated by an assistant line joins the run; the usage is totalled. */
  function settle(): RunUsage | undefined {
    for (const [scope, partial] of partials) {
      const draft = run.appendMessageText(partial.id, partial.text, partial.line, scope !== '', true);
      if (draft && scope === '') turn.add(draft, undefined);
    }
    partials.clear();
    return usage.total();
  }

  const ofResult = () => ({ costUsd: result?.total_cost_usd, structuredOutput: result?.structured_output });

  return {
    accept(event, line) {
      if (run.format === 'transcript') {
        if (typeof event.version === 'string') run.runtimeVersion ??= event.version;
        if (typeof event.sessionId === 'string') run.session(event.sessionId);
      }
      readEvent(event, line);
    },
    ended(): RunSummary | undefined {
      if (!resultFinal) return undefined;
      const { text, ...ended } = resultFinal;
      return { ...ended, finalText: text, usage: settle(), ...ofResult() };
    },
    totals() {
      const used = settle();
      return { finalText: turn.text() ?? run.lastMainMessage()?.text, usage: used, ...ofResult() };
    },
    endedWithoutTerminal(): RunSummary | undefined {
      if (run.format !== 'transcript') return undefined;
      const used = settle();
      // Transcripts have no terminal event; a main message that ended its turn is the best signal.
      if (lastMainStopReason === 'end_turn' && !refused)
        return { finish: 'complete', finalText: turn.text() ?? '', usage: used };
      const error = {
        code: 'no_end_turn',
        message: "The transcript's last main message did not end its turn.",
      };
      return { finish: 'unknown', error, finalText: turn.text() ?? run.lastMainMessage()?.text, usage: used };
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
  // A transcript holds every prompt of the session; stream-json shows one when replayed (`--replay-user-messages`).
  isPersonPrompt: isClaudePersonPrompt,
  isSubagent: (event) => isClaudeSubagent(event as ClaudeEnvelope) === true,
  createAnswer: createClaudeCodeAnswer,
};
