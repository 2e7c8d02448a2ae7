import { type ErrorDetails, ProtocolError } from '../errors.js';
import { nextLine } from './lines.js';

/**
 * Given one line of a runtime's JSON event stream, the assistant text it carries, if any. A stateful
 * unwrapper (one pass over one output) may also hold text back until the output ends, and give it from
 * `end`, called once after the last line: a runtime with no terminal event (OpenCode) only shows at the end
 * that no failure followed a message.
 */
export interface UnwrapLine {
  (line: string): string | undefined;
  readonly end?: (() => string | undefined) | undefined;
  /**
   * Called after the last line (and `end`): why the output holds no run that completed, or `undefined` when it
   * does. An unwrapper that reads whole runs (the adapters' `createEventLineUnwrapper`) has it; the parsers of
   * this package then fail with `run_not_complete`, as every other read path does, instead of reading text.
   */
  readonly notComplete?: (() => RunNotCompleteReason | undefined) | undefined;
}

/** Why an output holds no completed run, as an unwrapper tells it: a message and structured details. */
export interface RunNotCompleteReason {
  readonly message: string;
  readonly details?: ErrorDetails | undefined;
}

/** The code every parser fails with when its unwrapper says the run did not complete. */
export const RUN_NOT_COMPLETE = 'run_not_complete';

/**
 * The `run_not_complete` error for an output whose unwrapper says the run did not complete (ask once the
 * lines were read), else `undefined`. An unwrapper that throws here cannot vouch for the run: that fails too.
 */
export function runNotCompleteOf(
  unwrapLine: UnwrapLine | undefined,
): ProtocolError<typeof RUN_NOT_COMPLETE> | undefined {
  if (typeof unwrapLine?.notComplete !== 'function') return undefined;
  let reason: unknown;
  try {
    reason = unwrapLine.notComplete();
  } catch (cause) {
    return new ProtocolError(RUN_NOT_COMPLETE, 'The unwrapper could not tell whether the run completed.', {
      cause,
    });
  }
  if (typeof reason !== 'object' || reason === null) return undefined;
  const { message, details } = reason as Partial<RunNotCompleteReason>;
  return new ProtocolError(
    RUN_NOT_COMPLETE,
    typeof message === 'string' ? message : 'Expected a run that completed; this one did not.',
    { details: typeof details === 'object' && details !== null ? details : {} },
  );
}

/**
 * The lines an agent wrote: each raw line is offered to `unwrapLine`; when it yields text, that text's lines
 * replace the raw line (an empty text yields none), otherwise the raw line stands; the text of
 * `unwrapLine.end`, if any, follows the last line. Lines split like Rust's `str::lines`, as the Conflux
 * runtime does.
 */
export function* agentTextLines(text: string, unwrapLine?: UnwrapLine): Generator<string> {
  for (let span = nextLine(text, 0), start = 0; span; start = span.next, span = nextLine(text, start)) {
    const line = text.slice(start, span.end);
    const unwrapped = unwrapLine ? unwrapLine(line) : undefined;
    if (typeof unwrapped !== 'string') {
      yield line;
      continue;
    }
    yield* agentTextLines(unwrapped);
  }
  const held = typeof unwrapLine?.end === 'function' ? unwrapLine.end() : undefined;
  if (typeof held === 'string') yield* agentTextLines(held);
}
