import type { TypedEvent } from '../_shared/event-line.js';
import type { AnswerReader, EventVocabulary } from '../_shared/event-vocabulary.js';
import type { RunBuilder, RunSummary } from '../_shared/run-builder.js';
import { INVALID_TERMINAL_EVENT } from '../_shared/run-engine.js';
import { parseWire } from '../_shared/wire.js';
import type { RunError, RunEventKind } from '../agent-run.js';
import { isSubagentEvent } from './subagent.js';

import {
  COPILOT_EVENT_TYPES,
  type CopilotAssistantMessageEvent,
  CopilotAssistantMessageEventSchema,
  CopilotMessageDeltaEventSchema,
  CopilotResultEventSchema,
  CopilotSessionErrorEventSchema,
  CopilotSessionStartEventSchema,
  CopilotSessionWarningEventSchema,
  CopilotToolCompleteEventSchema,
  CopilotToolStartEventSchema,
  CopilotToolsUpdatedEventSchema,
  CopilotUserMessageEventSchema,
} from './wire-schemas.js';

/** A response split at reasoning boundaries is whole only at its last chunk (`chunkIndex = chunkCount - 1`). */
function isLastChunk(data: CopilotAssistantMessageEvent['data']): boolean {
  if (data.chunkCount === undefined || data.chunkCount <= 1) return true;
  return data.chunkIndex === data.chunkCount - 1;
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(COPILOT_EVENT_TYPES);

/**
 * The final-message rule of GitHub Copilot CLI (seen in 1.0.102): the last main-agent `assistant.message`
 * after the last main-agent `user.message`, and only when it asks for no tool (text beside a tool call is
 * narration; the agent goes on). A `user.message` (a Stop hook's push-back is one) starts the answer over: an
 * answer before it is never the final one. Only the `result` line with `exitCode: 0`, as the last event,
 * completes a run; a `session.error` after the last prompt, or `exitCode` other than 0, is an error, and
 * any event after `result` a cut run.
 */
export const COPILOT_FINAL_ANSWER_RULE =
  'the last main-agent assistant.message after the last user.message, asking for no tool; only a final result line with exitCode 0 completes a run';
/** The Copilot CLI versions the final-answer rule was seen in. */
export const COPILOT_FINAL_ANSWER_SEEN_IN = '1.0.102';

/** A turn the host aborted (`session.abort()` of the Copilot SDK): the run did not complete. */
const ABORTED: RunError = { code: 'aborted', message: 'The session was aborted before the agent finished.' };

type Candidate = { readonly text: string; readonly partial: boolean; readonly line: number };

/**
 * Where Copilot CLI's final answer lives, in `copilot -p … --output-format json` (JSONL session events) and,
 * without a `result` line, the session's `events.jsonl` (which then reads as not complete). See
 * `COPILOT_FINAL_ANSWER_RULE`.
 */
function createCopilotCliAnswer(run: RunBuilder, sdk = false): AnswerReader {
  // The answer so far: undefined until an assistant message without tool requests follows the last prompt.
  let candidate: Candidate | undefined;
  let error: RunError | undefined;
  let result: { exitCode: number; line: number } | undefined;
  let streaming: { id: string; text: string } | undefined;
  // SDK events: the last terminal event, and whether the session went idle after the last prompt.
  let lastTerminal: string | undefined;
  let idle = false;

  function acceptMessage(event: TypedEvent, line: number): RunEventKind {
    const message = parseWire(CopilotAssistantMessageEventSchema, event, line, run);
    if (!message) return 'unknown';
    const { data } = message;
    const subagent = isSubagentEvent(message);
    const partial = !isLastChunk(data);
    if (streaming?.id === data.messageId) streaming = undefined;
    run.setMessageText(data.messageId, data.content, line, subagent, partial);
    if (data.model) run.model ??= data.model;
    for (const request of data.toolRequests ?? []) {
      run.tool(request.toolCallId, line, {
        name: request.name,
        input: request.arguments,
        status: 'pending',
        subagent,
      });
    }
    if (subagent) return 'message';
    const asksForTools = (data.toolRequests?.length ?? 0) > 0;
    candidate = asksForTools ? undefined : { text: data.content, partial, line };
    return 'message';
  }

  function dispatch(event: TypedEvent, line: number): RunEventKind {
    switch (event.type) {
      case 'session.start': {
        const start = parseWire(CopilotSessionStartEventSchema, event, line, run);
        if (start) {
          run.runtimeVersion ??= start.data.copilotVersion;
          run.model ??= start.data.selectedModel;
        }
        return 'session';
      }
      case 'session.tools_updated': {
        const tools = parseWire(CopilotToolsUpdatedEventSchema, event, line, run);
        if (tools?.data.model) run.model ??= tools.data.model;
        return 'status';
      }
      case 'user.message': {
        const user = parseWire(CopilotUserMessageEventSchema, event, line, run);
        if (user && !isSubagentEvent(user)) {
          candidate = undefined;
          idle = false;
          // A new prompt after a failure is a new attempt; the failure is what it answers to.
          error = undefined;
        }
        return 'user';
      }
      case 'assistant.message_delta': {
        const delta = parseWire(CopilotMessageDeltaEventSchema, event, line, run);
        if (!delta) return 'unknown';
        const { messageId, deltaContent } = delta.data;
        const subagent = isSubagentEvent(delta);
        // Deltas concatenate as they are; one message streams at a time.
        streaming =
          streaming?.id === messageId
            ? { id: messageId, text: streaming.text + deltaContent }
            : { id: messageId, text: deltaContent };
        const draft = run.setMessageText(messageId, streaming.text, line, subagent, true);
        // Streaming text with no `assistant.message` yet: the only candidate a cut run has, and partial.
        if (draft && !subagent) candidate = { text: draft.text, partial: true, line };
        return 'delta';
      }
      case 'assistant.message':
        return acceptMessage(event, line);
      case 'tool.execution_start': {
        const start = parseWire(CopilotToolStartEventSchema, event, line, run);
        if (start) {
          run.tool(start.data.toolCallId, line, {
            name: start.data.toolName,
            input: start.data.arguments,
            status: 'running',
            subagent: isSubagentEvent(start),
          });
        }
        return 'tool';
      }
      case 'tool.execution_complete': {
        const done = parseWire(CopilotToolCompleteEventSchema, event, line, run);
        if (done) {
          const failed = done.data.success === false;
          const why = done.data.error;
          run.tool(done.data.toolCallId, line, {
            output: done.data.result?.content,
            status: failed ? 'error' : 'completed',
            error: typeof why === 'string' ? why : why?.message,
          });
        }
        return 'tool';
      }
      case 'session.error': {
        const failure = parseWire(CopilotSessionErrorEventSchema, event, line, run);
        const message = failure?.data.message ?? 'Copilot reported a session error.';
        error = { code: 'session.error', message };
        run.warn('runtime_error', message, { line });
        return 'error';
      }
      case 'session.warning': {
        const warning = parseWire(CopilotSessionWarningEventSchema, event, line, run);
        if (warning) run.warn('runtime_warning', warning.data.message, { line });
        return 'status';
      }
      case 'result': {
        const end = parseWire(CopilotResultEventSchema, event, line, run);
        if (end) result = { exitCode: end.exitCode, line };
        lastTerminal = event.type;
        return 'finish';
      }
      case 'session.idle':
        if (!isSubagentEvent(event)) {
          idle = true;
          lastTerminal = event.type;
          // An aborted turn goes idle too (`data.aborted`), with no answer of its own.
          if ((event.data as { aborted?: unknown } | undefined)?.aborted === true) error ??= ABORTED;
        }
        return 'finish';
      case 'abort':
        if (!isSubagentEvent(event)) error = ABORTED;
        return 'error';
      case 'session.shutdown':
        lastTerminal = event.type;
        return 'status';
      case 'assistant.turn_start':
      case 'assistant.turn_end':
      case 'assistant.turn_retry':
      case 'assistant.message_start':
      case 'assistant.idle':
      case 'hook.start':
      case 'hook.end':
        return 'status';
      case 'assistant.tool_call_delta':
      case 'tool.execution_partial_result':
      case 'tool.shell_output':
        return 'delta';
      case 'session.usage_record':
        return 'usage';
      default:
        if (!KNOWN_TYPES.has(event.type)) run.unknown(event.type);
        return 'status';
    }
  }

  return {
    accept(event, line) {
      run.event(line, event.type, dispatch(event, line), event);
    },

    ended(): RunSummary {
      const finalText = candidate?.text;
      if (sdk && lastTerminal !== 'result') {
        if (!idle) {
          const error = {
            code: 'not_idle',
            message:
              'The session shut down before it went idle after the last prompt: the answer was not finished.',
          };
          return { finish: 'truncated', error, finalText };
        }
        return endedAs(finalText);
      }
      if (result === undefined) {
        return { finish: 'truncated', error: INVALID_TERMINAL_EVENT, finalText };
      }
      if (result.exitCode !== 0) {
        return {
          finish: 'error',
          error: error ?? {
            code: 'exit_code',
            message: `Copilot's result line reports exit code ${result.exitCode}.`,
          },
          finalText,
        };
      }
      return endedAs(finalText);
    },

    totals: () => ({ finalText: candidate?.text }),

    reportedError: () => error?.message,
  };

  /** How a run that reached its end ended: an error it reported, a partial answer, or complete. */
  function endedAs(finalText: string | undefined): RunSummary {
    if (error) return { finish: 'error', error, finalText };
    if (candidate?.partial) {
      return {
        finish: 'truncated',
        error: { code: 'partial_message', message: 'The final assistant message never completed.' },
        finalText,
      };
    }
    return { finish: 'complete', finalText };
  }
}

function copilotSession(event: TypedEvent): string | undefined {
  if (event.type === 'result') return typeof event.sessionId === 'string' ? event.sessionId : undefined;
  if (event.type !== 'session.start') return undefined;
  const data = event.data as { sessionId?: unknown } | undefined;
  return typeof data?.sessionId === 'string' ? data.sessionId : undefined;
}

/** A session's first line: `session.start` in `events.jsonl` and the SDK's events; `-p` stdout (1.0.102) has none and begins with `session.skills_loaded`. */
const COPILOT_OPENING_TYPES: ReadonlySet<string> = new Set(['session.start', 'session.skills_loaded']);

/** GitHub Copilot CLI's events for the reader engine: a session's first line, one `result` line at the end. */
export const copilotCliEvents: EventVocabulary = {
  format: () => 'events-json',
  start: {
    matches: (event) => event.type === 'session.start',
    opens: (event) => COPILOT_OPENING_TYPES.has(event.type),
    perTurn: false,
    requiredIn: ['events-json'],
  },
  isTerminal: (event) => event.type === 'result',
  endsOnce: true,
  sessionOf: copilotSession,
  isSubagent: (event) => isSubagentEvent(event),
  createAnswer: (run) => createCopilotCliAnswer(run),
};

/**
 * The events of a Copilot SDK session (`session.on`, `@github/copilot-sdk` 1.0.14), the CLI's session events
 * without its `result` line: a run ends when the main session goes idle (`session.idle`), once per prompt;
 * a `session.shutdown` after it ends it too. A `result` line (the CLI's events given as objects) ends it
 * as it ends a CLI run.
 */
export const copilotSdkEvents: EventVocabulary = {
  format: (first) => (first.type === 'result' ? 'events-json' : 'sdk-events'),
  start: copilotCliEvents.start,
  isTerminal: (event) =>
    event.type === 'result' ||
    event.type === 'session.shutdown' ||
    (event.type === 'session.idle' && !isSubagentEvent(event)),
  // Idle ends each prompt of a session; a `result` line ends the run for good.
  endsOnce: (event) => event.type === 'result',
  sessionOf: copilotSession,
  isSubagent: (event) => isSubagentEvent(event),
  createAnswer: (run) => createCopilotCliAnswer(run, true),
};
