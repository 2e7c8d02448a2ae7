import type { RunFormat, RunUsage } from '../agent-run.js';
import type { TypedEvent } from './event-line.js';
import type { RunBuilder, RunSummary } from './run-builder.js';

/**
 * What a runtime declares for the one reader engine (`run-engine.ts`): the events that start and end its
 * runs, the session a line names, which lines are a subagent's, and where its final answer lives. The
 * completion rules are the engine's alone; a vocabulary never decides whether a run completed.
 */
export interface EventVocabulary {
  /** The output form a run is in, from its first event. */
  format(first: TypedEvent): RunFormat;
  /** The event that starts a run and names its session; absent when the runtime prints none (OpenCode). */
  readonly start?: RunStart;
  /** Whether a main-agent event ends a run: the last line of a complete run is one. */
  isTerminal(event: TypedEvent): boolean;
  /**
   * Whether a terminal event ends the run once: any terminal event after it is then output after the end.
   * `false` for a runtime that ends each prompt, turn or step of one run with one (Claude Code's `result`,
   * Codex's `turn.completed`); a predicate where only some of its terminal events end a run for good.
   */
  readonly endsOnce: boolean | ((event: TypedEvent) => boolean);
  /** The session a line names, if it names one. */
  sessionOf(event: TypedEvent): string | undefined;
  /**
   * Whether a main event is a prompt a person wrote (a hook's correction, a tool result or a runtime's own
   * message is not): the calls before it answered an earlier prompt. Absent when its output shows no prompt.
   */
  isPersonPrompt?(event: TypedEvent): boolean;
  /** Whether a line is a subagent's, given the session of the run's first main event: it never ends the run. */
  isSubagent(event: TypedEvent, mainSession: string | undefined): boolean;
  /** A fresh reader of where the run's final answer lives, for one read. */
  createAnswer(run: RunBuilder): AnswerReader;
}

/** The event that starts a run. */
export interface RunStart {
  matches(event: TypedEvent): boolean;
  /** Whether each prompt of one session starts with it again (Claude Code's `system/init`). */
  readonly perTurn: boolean;
  /** The formats in which a run always begins with it: otherwise the output is no whole run of this runtime. */
  readonly requiredIn: readonly RunFormat[];
  /** The events a run's output may begin with, where a form prints another first line (default: `matches`). */
  opens?(event: TypedEvent): boolean;
  /** Events a run may print before the one it opens with (they are not its first line). */
  precedes?(event: TypedEvent): boolean;
}

/** What a run left behind, whatever way it ended: its final message (or the candidate), usage and cost. */
export type RunTotals = Omit<RunSummary, 'finish' | 'error'> & {
  readonly usage?: RunUsage | undefined;
};

/** A runtime's reading of where the final answer lives and how a run that reached its end ended. */
export interface AnswerReader {
  /** Take in one event (main or subagent) in stream order. */
  accept(event: TypedEvent, line: number): void;
  /**
   * How the run ended, given that its last line is a terminal event (the engine checked that); `undefined`
   * when the terminal event does not show it (the engine then fails the run with `invalid_terminal_event`).
   */
  ended(): RunSummary | undefined;
  /** The final message a run would have had, and its usage, for a run that did not complete. */
  totals(): RunTotals;
  /** The last error the runtime reported, named when the output ends before the run did. */
  reportedError?(): string | undefined;
  /**
   * How a run in a form that has no terminal event (a transcript) ended, by the runtime's own rule;
   * `undefined` when its form has one and the output ended before it.
   */
  endedWithoutTerminal?(): RunSummary | undefined;
}
