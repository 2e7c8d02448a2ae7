import type { TypedEvent } from '../_shared/event-line.js';
import { eachAs, readByType } from '../_shared/event-table.js';
import type { AnswerReader, EventVocabulary } from '../_shared/event-vocabulary.js';
import { JoinedMessages } from '../_shared/joined-parts.js';
import type { RunBuilder, RunSummary } from '../_shared/run-builder.js';
import { ToolCalls } from '../_shared/tool-calls.js';
import { UsageTotal } from '../_shared/usage.js';
import { parseWire } from '../_shared/wire.js';
import type { RunError, RunEventKind, RunUsage, ToolStatus } from '../agent-run.js';
import { openCodeFinishFromStepReason, toOpenCodeRunError } from './final-message.js';
import { openCodeExitError } from './shell-exit.js';
import { OPENCODE_EVENT_TYPES, openCodeWireSchemas } from './wire-definitions.js';
import type { OpenCodeTokens, OpenCodeToolPart } from './wire-schemas.js';

export { openCodeFinishFromStepReason } from './final-message.js';

const TOOL_STATUS: Readonly<Record<OpenCodeToolPart['state']['status'], ToolStatus>> = {
  pending: 'pending',
  running: 'running',
  completed: 'completed',
  error: 'error',
};

/** OpenCode counts cache reads and writes apart from `input` (AI SDK accounting). */
export function toOpenCodeRunUsage(tokens: OpenCodeTokens): RunUsage {
  return {
    inputTokens: tokens.input,
    outputTokens: tokens.output,
    cacheReadTokens: tokens.cache.read,
    cacheWriteTokens: tokens.cache.write,
    reasoningTokens: tokens.reasoning,
  };
}

/**
 * Where OpenCode's final answer lives, in `opencode run --format json` lines.
 *
 * The final message (OpenCode 1.17.20–1.18.33): each step is its own assistant message, whose text is its
 * `text` parts joined by newlines (last value per part id); the final message is the message of the last
 * main-session step that finished, `''` when that step wrote no text (an earlier step's text is narration). Parts of another session (a child session a `task` tool started) are subagent
 * output, never the answer. 1.18.33 prints no `done` line: an `error` line, then `done`, then how the last
 * main step finished (`stop` completes; `length` and `content-filter` do not) decide. An `error` line fails
 * the run whichever session it names (a failure is never dropped as another session's), and main-session
 * output after the last `step_finish` with no `step_start` before it means the run went on: not complete.
 */
function createOpenCodeAnswer(run: RunBuilder): AnswerReader {
  const wire = openCodeWireSchemas();
  const calls = new ToolCalls(run, false);
  const messages = new JoinedMessages();
  const spent = new UsageTotal();
  let mainSession: string | undefined;
  let stepOpen = false;
  // Main-session output after the last step finished, with no step_start before it: the run went on.
  let afterStep = false;
  let lastReason: string | undefined;
  // The message of the last main step that finished: its text is the final message, even when empty.
  let lastStepMessage: string | undefined;
  let failure: RunError | undefined;
  let done = false;

  function readEvent(event: TypedEvent, line: number): RunEventKind {
    const parsed = parseWire(wire.OpenCodeRunEventSchema, event, line, run);
    if (!parsed) return 'unknown';
    mainSession ??= parsed.sessionID;
    const partSession =
      parsed.type === 'error' || parsed.type === 'done' ? parsed.sessionID : parsed.part.sessionID;
    const child = parsed.sessionID !== mainSession || partSession !== mainSession;
    const output = parsed.type === 'text' || parsed.type === 'tool_use' || parsed.type === 'reasoning';
    if (output && !child && !stepOpen && lastReason !== undefined) afterStep = true;
    switch (parsed.type) {
      case 'step_start':
        if (!child) {
          stepOpen = true;
          afterStep = false;
        }
        return 'status';
      case 'text': {
        const { messageID, id, text } = parsed.part;
        run.setMessageText(messageID, messages.set(messageID, id, text), line, child);
        return 'message';
      }
      case 'reasoning':
        return 'reasoning';
      case 'tool_use': {
        // `run` prints a tool part once it is `completed` or `error` (run.ts); earlier states are accepted too.
        const { state } = parsed.part;
        const exitError = openCodeExitError(state);
        calls.reported(parsed.part.callID, line, {
          name: parsed.part.tool,
          input: state.input,
          output: state.status === 'completed' ? state.output : undefined,
          status: exitError ? 'error' : TOOL_STATUS[state.status],
          error: state.status === 'error' ? state.error : exitError,
          subagent: child,
        });
        return 'tool';
      }
      case 'step_finish':
        // A child session's steps cost tokens but do not end the run.
        if (!child) {
          stepOpen = false;
          afterStep = false;
          lastReason = parsed.part.reason;
          lastStepMessage = parsed.part.messageID;
        }
        spent.add(toOpenCodeRunUsage(parsed.part.tokens), parsed.part.cost);
        return 'usage';
      case 'error':
        failure = toOpenCodeRunError(parsed.error);
        return 'error';
      case 'done':
        done = true;
        return 'finish';
    }
  }

  /** The last finished step's message is the answer, even when empty; cut inside a step, the last text. */
  function totals() {
    const stepText = lastStepMessage === undefined ? undefined : (messages.text(lastStepMessage) ?? '');
    const finalText =
      stepOpen || afterStep || stepText === undefined ? run.lastMainMessage()?.text : stepText;
    return { finalText, usage: spent.usage, costUsd: spent.costUsd };
  }

  return {
    accept: readByType(run, eachAs(OPENCODE_EVENT_TYPES, readEvent)),
    ended(): RunSummary | undefined {
      // 1.17.20 prints no `done`: an error line, then `done`, then how the last step finished decide.
      if (failure) return { finish: 'error', error: failure, ...totals() };
      if (done) return { finish: 'complete', ...totals() };
      if (lastReason === undefined) return undefined;
      return { ...openCodeFinishFromStepReason(lastReason), ...totals() };
    },
    totals,
    reportedError: () => failure?.message,
  };
}

const OPENCODE_TERMINAL_TYPES: ReadonlySet<string> = new Set(['step_finish', 'done', 'error']);

/** Lines that fail the run whichever session they name: a failure is never dropped as a child's. */
const RUN_WIDE_TYPES: ReadonlySet<string> = new Set(['error']);

function sessionOfLine(event: TypedEvent): string | undefined {
  if (RUN_WIDE_TYPES.has(event.type)) return undefined;
  return typeof event.sessionID === 'string' ? event.sessionID : undefined;
}

function partSession(event: TypedEvent): string | undefined {
  const part = event.part as { sessionID?: unknown } | undefined;
  return typeof part?.sessionID === 'string' ? part.sessionID : undefined;
}

/**
 * OpenCode's events for the reader engine. Every step starts with `step_start`, the run's first line; the
 * first line's session is the run's, and a line of another session is a child session's (a `task` tool's
 * subagent). The main session's last `step_finish`, a `done` or an `error` line ends a run.
 */
export const openCodeEvents: EventVocabulary = {
  format: () => 'run-json',
  start: { matches: (event) => event.type === 'step_start', perTurn: true, requiredIn: ['run-json'] },
  isTerminal: (event) => OPENCODE_TERMINAL_TYPES.has(event.type),
  endsOnce: false,
  sessionOf: sessionOfLine,
  isSubagent: (event, mainSession) => {
    if (mainSession === undefined || RUN_WIDE_TYPES.has(event.type)) return false;
    const line = sessionOfLine(event);
    const part = partSession(event);
    return (line !== undefined && line !== mainSession) || (part !== undefined && part !== mainSession);
  },
  createAnswer: createOpenCodeAnswer,
};
