import type { RunError } from '../agent-run.js';
import type { TypedEvent } from './event-line.js';
import type { AnswerReader, EventVocabulary } from './event-vocabulary.js';
import type { RunBuilder, RunSummary } from './run-builder.js';

/** The kind of a non-blank line (or an item of a JSON document), in output order. */
export type OutputItemKind = 'event' | 'json' | 'broken' | 'too-long';

/**
 * Every non-blank line of an output in order, as the completion rules need them: where each is, what the
 * last one was, and the first line too long to hold. The line dispatcher fills it; the engine reads it.
 */
export class OutputLedger {
  /** The position of the last item: items are numbered from 1 in output order. */
  position = 0;
  lastKind: OutputItemKind | undefined;
  /** The first line too long to hold, and its size. */
  tooLong: { readonly line: number; readonly bytes: number } | undefined;

  /** Note one item; its position. */
  note(kind: OutputItemKind): number {
    this.lastKind = kind;
    return ++this.position;
  }
}

/** The error of a run whose output ends inside a line: the cut event may be the one that said it failed. */
export const PARTIAL_LAST_LINE: RunError = {
  code: 'partial_last_line',
  message:
    'The output ends in a line that is not a complete JSON event: the run was cut while writing it, and that line may be the one that says how it ended.',
};

/** A run whose terminal event its reader could not take in: it does not show how the run ended. */
export const INVALID_TERMINAL_EVENT: RunError = {
  code: 'invalid_terminal_event',
  message: 'The event that ends the run is not valid, so it does not show how the run ended.',
};

function said(error: string | undefined): string {
  return error === undefined ? '' : ` The last error it reported: ${error}`;
}

/** A runtime's events read by the one set of completion rules. */
export interface RunEngine {
  accept(event: TypedEvent, line: number, position: number): void;
  finish(ledger: OutputLedger): RunSummary;
}

/**
 * The one reader engine. A runtime declares its vocabulary; the engine alone decides whether a run
 * completed, by these rules, the same for every runtime:
 *
 * - The terminal event is the last line: any line after it (an event of any kind, a subagent's, JSON
 *   of any shape, text, a broken line) means the run went on and was cut, so it did not complete; so does
 *   a second terminal event of a runtime whose runs end once.
 * - A line too long to hold is never dropped: the run fails closed, naming the line.
 * - One run and one session per read: a second run-start event (unless the runtime starts every prompt of
 *   one session with it), or a main line naming another session, means the output is not one run.
 * - A form that always prints its start event first and does not begin with it is no whole run of this
 *   runtime: detection and a given runtime refuse it alike.
 * - Only completed tool calls count: a run that ends while a main-agent call is still open did not complete.
 * - A prompt a person wrote starts the session's current prompt: the calls before it answered earlier ones.
 * - A terminal event its runtime's schema refuses, or that does not show how the run ended, ends nothing.
 */
export function createRunEngine(run: RunBuilder, vocabulary: EventVocabulary): RunEngine {
  const answer: AnswerReader = vocabulary.createAnswer(run);
  let mainSession: string | undefined;
  let started = false;
  let secondRun: number | undefined;
  let otherSession: { line: number; id: string } | undefined;
  let terminalAt: number | undefined;
  let endedTwice: number | undefined;
  // Whether a terminal event that ends the run once has come: any later one is output after the end.
  let endedForGood = false;
  // Whether the last terminal event's schema refused it, and a main call open when a terminal event came.
  let terminalRefused = false;
  let openCall: { line: number; name: string } | undefined;
  // Whether the output's first line opens a run: a run that prints a start event begins with it.
  let opensOnFirstLine = false;
  // The type of the event the output opened with: seen again (where prompts do not repeat it), a second run.
  let openingType: string | undefined;
  // How many items came before the opening line, as the vocabulary allows (`start.precedes`).
  let preamble = 0;

  function accept(event: TypedEvent, line: number, position: number): void {
    if (run.format === undefined) run.format = vocabulary.format(event);
    const subagent = vocabulary.isSubagent(event, mainSession);
    if (!subagent) {
      const session = vocabulary.sessionOf(event);
      if (session !== undefined && session !== '') {
        if (mainSession === undefined) mainSession = session;
        else if (session !== mainSession) otherSession ??= { line, id: session };
        run.session(session);
      }
      if (vocabulary.isPersonPrompt?.(event)) run.personPrompted();
      const start = vocabulary.start;
      if (position === preamble + 1 && start?.precedes?.(event)) preamble++;
      else if (position === preamble + 1 && start) {
        opensOnFirstLine = (start.opens ?? start.matches)(event);
        if (opensOnFirstLine) openingType = event.type;
      } else if (
        start &&
        !start.perTurn &&
        event.type === openingType &&
        (start.opens ?? start.matches)(event)
      )
        secondRun ??= line;
      if (start?.matches(event)) {
        if (started && !start.perTurn) secondRun ??= line;
        started = true;
      }
      if (vocabulary.isTerminal(event)) {
        if (terminalAt !== undefined && endedForGood) endedTwice ??= line;
        terminalAt = position;
        const { endsOnce } = vocabulary;
        endedForGood ||= typeof endsOnce === 'function' ? endsOnce(event) : endsOnce;
        // A call open at any end of the run never ran: a runtime may forget it when a turn closes.
        const open = run.unfinishedMainTool();
        if (open) openCall ??= { line: open.line, name: open.name };
        const malformed = run.malformedLineCount;
        answer.accept(event, line);
        terminalRefused = run.malformedLineCount !== malformed;
        return;
      }
    }
    answer.accept(event, line);
  }

  function notComplete(finish: RunSummary['finish'], error: RunError): RunSummary {
    return { ...answer.totals(), finish, error };
  }

  function finish(ledger: OutputLedger): RunSummary {
    if (ledger.tooLong) {
      const { line, bytes } = ledger.tooLong;
      return notComplete('truncated', {
        code: 'line_too_long',
        message: `Line ${line} is ${bytes} bytes, longer than maxLineBytes: what it said is unknown, so the run cannot be shown to have completed. Raise maxLineBytes to read it.`,
      });
    }
    if (secondRun !== undefined) {
      return notComplete('error', {
        code: 'second_run',
        message: `Line ${secondRun} starts a second run; one read is one run.`,
      });
    }
    if (otherSession !== undefined) {
      return notComplete('error', {
        code: 'session_changed',
        message: `Line ${otherSession.line} names session ${otherSession.id}, not the run's ${mainSession}; one read is one session.`,
      });
    }
    if (terminalAt === undefined) {
      return (
        answer.endedWithoutTerminal?.() ??
        notComplete('truncated', {
          code: 'no_terminal_event',
          message: `The output ended before the event that ends a run.${said(answer.reportedError?.())}`,
        })
      );
    }
    if (endedTwice !== undefined) {
      return notComplete('truncated', {
        code: 'output_after_end',
        message: `Line ${endedTwice} ends the run a second time: a run of this runtime ends once, at its last line.`,
      });
    }
    if (terminalAt !== ledger.position) {
      if (ledger.lastKind === 'broken') return notComplete('truncated', PARTIAL_LAST_LINE);
      return notComplete('truncated', {
        code: 'output_after_end',
        message:
          'More output follows the event that ended the run: the agent went on, and the output ended before it finished again.',
      });
    }
    if (terminalRefused) {
      return notComplete('truncated', INVALID_TERMINAL_EVENT);
    }
    const ended = answer.ended() ?? notComplete('truncated', INVALID_TERMINAL_EVENT);
    if (ended.finish !== 'complete') return ended;
    if (openCall !== undefined) {
      return notComplete('truncated', {
        code: 'tool_call_unfinished',
        message: `The run ended while the ${openCall.name} call of line ${openCall.line} had not finished: only completed calls count, and the text before it is no final answer.`,
      });
    }
    const start = vocabulary.start;
    if (start && !opensOnFirstLine && run.format !== undefined && start.requiredIn.includes(run.format)) {
      return notComplete('unknown', {
        code: 'no_start_event',
        message: `The output does not begin with the run-start event every ${run.format} run of this runtime prints first: it is not shown to be one whole run of it.`,
      });
    }
    return ended;
  }

  return { accept, finish };
}
