import { AnswerCandidate } from '../_shared/answer-candidate.js';
import type { TypedEvent } from '../_shared/event-line.js';
import { eachAs, readByType } from '../_shared/event-table.js';
import type { AnswerReader, EventVocabulary } from '../_shared/event-vocabulary.js';
import type { RunBuilder, RunSummary } from '../_shared/run-builder.js';
import { ToolCalls } from '../_shared/tool-calls.js';
import { parseWire } from '../_shared/wire.js';
import type { RunError } from '../agent-run.js';
import { ABORTED, type CopilotCandidate, copilotEnd, isLastChunk } from './final-message.js';
import { isCopilotPersonPrompt } from './person-prompt.js';
import { isSubagentEvent } from './subagent.js';
import { copilotToolEnd } from './tool-end.js';
import { COPILOT_EVENT_TYPES, copilotCliWireSchemas } from './wire-definitions.js';

/**
 * Where Copilot CLI's final answer lives, in `copilot -p … --output-format json` (JSONL session events) and,
 * without a `result` line, the session's `events.jsonl` (which then reads as not complete). See
 * `COPILOT_FINAL_ANSWER_RULE`.
 */
function createCopilotCliAnswer(run: RunBuilder, sdk = false): AnswerReader {
  const wire = copilotCliWireSchemas();
  const calls = new ToolCalls(run, false);
  // The answer so far: none until an assistant message without tool requests follows the last prompt.
  const candidate = new AnswerCandidate<CopilotCandidate>();
  let error: RunError | undefined;
  let result: { exitCode: number; line: number } | undefined;
  let streaming: { id: string; text: string } | undefined;
  // SDK events: the last terminal event, and whether the session went idle after the last prompt.
  let lastTerminal: string | undefined;
  let idle = false;

  const accept = readByType(
    run,
    {
      ...eachAs(COPILOT_EVENT_TYPES, 'status'),
      ...eachAs(['assistant.tool_call_delta', 'tool.execution_partial_result', 'tool.shell_output'], 'delta'),
      'session.usage_record': 'usage',
      'session.start'(event, line) {
        const start = parseWire(wire.CopilotSessionStartEventSchema, event, line, run);
        if (start) {
          run.runtimeVersion ??= start.data.copilotVersion;
          run.model ??= start.data.selectedModel;
        }
        return 'session';
      },
      'session.tools_updated'(event, line) {
        const tools = parseWire(wire.CopilotToolsUpdatedEventSchema, event, line, run);
        if (tools?.data.model) run.model ??= tools.data.model;
        return 'status';
      },
      'user.message'(event, line) {
        const user = parseWire(wire.CopilotUserMessageEventSchema, event, line, run);
        if (user && !isSubagentEvent(user)) {
          candidate.endAt('prompt');
          idle = false;
          // A new prompt after a failure is a new attempt; the failure is what it answers to.
          error = undefined;
        }
        return 'user';
      },
      'assistant.message_delta'(event, line) {
        const delta = parseWire(wire.CopilotMessageDeltaEventSchema, event, line, run);
        if (!delta) return 'unknown';
        const { messageId, deltaContent } = delta.data;
        const subagent = isSubagentEvent(delta);
        // Deltas concatenate as they are; one message streams at a time.
        const text = streaming?.id === messageId ? streaming.text + deltaContent : deltaContent;
        streaming = { id: messageId, text };
        const draft = run.setMessageText(messageId, text, line, subagent, true);
        // Streaming text with no `assistant.message` yet: the only candidate a cut run has, and partial.
        if (draft && !subagent) candidate.offer({ text: draft.text, partial: true, line });
        return 'delta';
      },
      'assistant.message'(event, line) {
        const message = parseWire(wire.CopilotAssistantMessageEventSchema, event, line, run);
        if (!message) return 'unknown';
        const { data } = message;
        const subagent = isSubagentEvent(message);
        const partial = !isLastChunk(data);
        if (streaming?.id === data.messageId) streaming = undefined;
        run.setMessageText(data.messageId, data.content, line, subagent, partial);
        if (data.model) run.model ??= data.model;
        for (const { toolCallId, name, arguments: input } of data.toolRequests ?? [])
          calls.asked(toolCallId, line, { name, input, subagent });
        if (subagent) return 'message';
        // Text beside a tool call is narration: the agent goes on.
        if ((data.toolRequests?.length ?? 0) > 0) candidate.endAt('tool');
        else candidate.offer({ text: data.content, partial, line });
        return 'message';
      },
      'tool.execution_start'(event, line) {
        const start = parseWire(wire.CopilotToolStartEventSchema, event, line, run);
        if (start) {
          const { toolCallId, toolName: name, arguments: input } = start.data;
          calls.began(toolCallId, line, { name, input, subagent: isSubagentEvent(start) });
        }
        return 'tool';
      },
      'tool.execution_complete'(event, line) {
        const done = parseWire(wire.CopilotToolCompleteEventSchema, event, line, run);
        if (done) calls.ended(done.data.toolCallId, line, copilotToolEnd(done.data));
        return 'tool';
      },
      'session.error'(event, line) {
        const failure = parseWire(wire.CopilotSessionErrorEventSchema, event, line, run);
        const message = failure?.data.message ?? 'Copilot reported a session error.';
        error = { code: 'session.error', message };
        run.warn('runtime_error', message, { line });
        return 'error';
      },
      'session.warning'(event, line) {
        const warning = parseWire(wire.CopilotSessionWarningEventSchema, event, line, run);
        if (warning) run.warn('runtime_warning', warning.data.message, { line });
        return 'status';
      },
      result(event, line) {
        const end = parseWire(wire.CopilotResultEventSchema, event, line, run);
        if (end) result = { exitCode: end.exitCode, line };
        lastTerminal = event.type;
        return 'finish';
      },
      'session.idle'(event) {
        if (!isSubagentEvent(event)) {
          idle = true;
          lastTerminal = event.type;
          // An aborted turn goes idle too (`data.aborted`), with no answer of its own.
          if ((event.data as { aborted?: unknown } | undefined)?.aborted === true) error ??= ABORTED;
        }
        return 'finish';
      },
      abort(event) {
        if (!isSubagentEvent(event)) error = ABORTED;
        return 'error';
      },
      'session.shutdown'(event) {
        lastTerminal = event.type;
        return 'status';
      },
    },
    'status',
  );

  return {
    accept,
    ended(): RunSummary | undefined {
      if (!sdk || lastTerminal === 'result') {
        if (result === undefined) return undefined;
        if (result.exitCode !== 0) {
          const exit = {
            code: 'exit_code',
            message: `Copilot's result line reports exit code ${result.exitCode}.`,
          };
          return { finish: 'error', error: error ?? exit, finalText: candidate.value?.text };
        }
      }
      return copilotEnd(candidate.value, error, sdk && lastTerminal !== 'result' && !idle);
    },
    totals: () => ({ finalText: candidate.value?.text }),
    reportedError: () => error?.message,
  };
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
    // 1.0.102 with an MCP server prints its servers' status first (ephemeral `session.mcp_server_*` lines).
    precedes: (event) => event.type.startsWith('session.mcp_server'),
    perTurn: false,
    requiredIn: ['events-json'],
  },
  isTerminal: (event) => event.type === 'result',
  endsOnce: true,
  sessionOf: copilotSession,
  // `events.jsonl` holds every prompt of the session.
  isPersonPrompt: isCopilotPersonPrompt,
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
  isPersonPrompt: isCopilotPersonPrompt,
  isSubagent: (event) => isSubagentEvent(event),
  createAnswer: (run) => createCopilotCliAnswer(run, true),
};
