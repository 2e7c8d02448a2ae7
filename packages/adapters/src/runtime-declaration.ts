import type { ProtocolError, Result } from '@skillpack/core';
import type { TypedEvent } from './_shared/event-line.js';
import type { EventVocabulary } from './_shared/event-vocabulary.js';
import type { RunFormat } from './agent-run.js';
import type { StopHookOptions, StopHookResult } from './hooks/handle-stop-hook.js';
import type { StopHookRuntime } from './hooks/stop-event.js';
import type { StopHookOutput } from './hooks/stop-hook-output.js';
import type { RuntimeId } from './runtime-id.js';

/** How a runtime's headless output is told apart from the others', one event at a time. */
export interface RuntimeSniff {
  /** Lower sniffs first; a stricter sniff (OpenCode's, which needs `sessionID` and a timestamp) goes first. */
  readonly precedence: number;
  /** Whether this event alone shows that this runtime wrote it. */
  matches(event: TypedEvent): boolean;
}

/** The rule that picks a run's final message, written next to the reader, and the versions it was seen in. */
export interface FinalAnswerRule {
  readonly rule: string;
  readonly seenIn: string;
}

/** A runtime's Stop-hook dialect: what `skillpack-hook <runtime>` reads and prints. */
export interface StopHookDialect {
  /** Validate and normalise the hook's stdin payload. */
  readonly input: StopHookRuntime;
  /** The one JSON document printed at exit 0. */
  renderOutput(output: StopHookOutput): string;
  /** Whether the runtime treats exit 2 as a push-back (skillpack-hook always exits 0 and prints JSON). */
  readonly exitTwoPushesBack: boolean;
  /**
   * How the hook's transcript is read: as this runtime's output, by detection (another format), or by the
   * runtime's own reader (Gemini CLI's session file, whose last model message is the answer being judged).
   */
  readonly transcript:
    | 'runtime'
    | 'detect'
    | { readonly read: (path: string) => Promise<Result<string, ProtocolError>> };
  /**
   * Decides a stop itself, for a runtime whose answer needs more than the payload and `transcript` give
   * (Copilot: the transcript read up to this stop's own event). Default: `handleStopHook(input, …)`.
   */
  decide?(payload: unknown, options: StopHookOptions): Promise<StopHookResult>;
  /**
   * The other runtimes' hooks this runtime also runs, with how a hook process tells (its environment and
   * payload) that it runs under this runtime rather than theirs: such a stop is decided by this dialect.
   */
  readonly hosts?: {
    readonly runtimes: readonly RuntimeId[];
    detect(env: NodeJS.ProcessEnv, payload: unknown): boolean;
  };
}

/**
 * What `@skillpack/adapters` knows about one runtime: one declaration in `src/<runtime>/runtime.ts`, listed
 * in `ADAPTER_RUNTIMES` (`src/runtimes.ts`).
 */
export interface AdapterRuntime<R extends RuntimeId = RuntimeId> {
  readonly id: R;
  /** The runtime's name in messages: `Claude Code`. */
  readonly title: string;
  /** Its headless output in messages: `Claude Code stream-json`. */
  readonly outputName: string;
  /** Its headless output's events, for the one reader engine: what starts and ends a run, where the answer lives. */
  readonly events: EventVocabulary;
  /** How `readAgentRun({ runtime: 'auto' })` recognises it. */
  readonly sniff: RuntimeSniff;
  /** The assistant text one event carries, read alone (`unwrapEventLine`); `undefined` when not its event. */
  unwrapEvent(event: TypedEvent): string | undefined;
  /** The format of a whole JSON document of its events, when it has one (Claude's `--output-format json`). */
  readonly documentFormat: RunFormat | undefined;
  readonly finalAnswer: FinalAnswerRule;
  /** Its wire schemas: the `@skillpack/adapters/wire` namespace that exports them. */
  readonly wire: { readonly exportName: string; readonly schemas: object };
}
