import type { Readable } from 'node:stream';
import { ConfigError, describeValue } from '@skillpack/core';
import { type AgentRunInput, feedInput } from './_shared/input-chunks.js';
import { createLineDispatcher } from './_shared/line-dispatcher.js';
import { createLineSplitter } from './_shared/line-splitter.js';
import { RunBuilder } from './_shared/run-builder.js';
import type { AgentRun, RunEvent } from './agent-run.js';
import { isRuntimeId, RUNTIME_IDS, type RuntimeId } from './runtime-id.js';
import { DISPATCH_RUNTIMES, orList } from './runtimes.js';

export type { AgentRunInput } from './_shared/input-chunks.js';

/** Options of `readAgentRun`: the runtime (or `auto`), the longest line, and what the run keeps in memory. */
export interface ReadAgentRunOptions {
  /** `auto` (default) detects the runtime from the first events. */
  readonly runtime?: 'auto' | RuntimeId;
  /** Longest line (or whole JSON document) read, in UTF-8 bytes; longer lines are malformed. Default 16 MiB. */
  readonly maxLineBytes?: number;
  /** Raw events to keep in `run.events`: `false` (default) none, `true` all, `n` the last n. */
  readonly keepEvents?: boolean | number;
  /**
   * Messages to keep in `run.messages`: `n` the last n (default 1000), `true` all, `false` none. The final
   * text, usage and finish never depend on it; a bound keeps a very long run's memory flat.
   */
  readonly keepMessages?: boolean | number;
  /**
   * Tool calls to list in `run.tools`: `n` the last n (default 100), `true` all, `false` none. Whatever it
   * lists, every read path (`extractContract`, the Stop hooks) gives a contract's tool-call channel every call
   * the run settled (name, input, status, an unconfirmed call's output, subagent and earlier-prompt marks, held
   * outside the JavaScript heap), so the answer never depends on it; with `false` no call is kept at all and a
   * contract reads none.
   */
  readonly keepTools?: boolean | number;
  /** Longest tool output kept per call, in UTF-16 units; longer ones are cut and flagged. Default 16 Ki. */
  readonly maxToolOutputChars?: number;
  /**
   * Tool output kept across all calls, in UTF-16 units. Past it the oldest outputs are dropped
   * (`output: undefined`, `outputTruncated: true`), so a long run's memory stays bounded. Default 16 Ki.
   * Only calls that `keepTools` keeps count: with `keepTools: false` no output is held at all.
   */
  readonly maxToolOutputTotalChars?: number;
  /**
   * Called with each runtime event as it is read (its line, type, neutral kind and raw object), for progress
   * UIs. It does not depend on `keepEvents`; an exception it throws propagates out of the read.
   */
  readonly onEvent?: (event: RunEvent) => void;
}

/** Longest line (or whole JSON document) read when `maxLineBytes` is not given: 16 MiB. */
export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;
/** Messages `run.messages` lists when `keepMessages` is not given: the last 1000. */
export const DEFAULT_KEEP_MESSAGES = 1000;
/** Tool calls `run.tools` lists when `keepTools` is not given: the last 100. */
export const DEFAULT_KEEP_TOOLS = 100;
/** Tool output kept per call and in all when not given: 16 Ki UTF-16 units (the newest output always fits). */
export const DEFAULT_MAX_TOOL_OUTPUT_CHARS = 16 * 1024;
export const DEFAULT_MAX_TOOL_OUTPUT_TOTAL_CHARS = 16 * 1024;

const RUNTIME_CHOICES = orList(['auto', ...RUNTIME_IDS].map((id) => `"${id}"`));

function positiveInteger(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (
    typeof value === 'number' &&
    (Number.isSafeInteger(value) || value === Number.POSITIVE_INFINITY) &&
    value >= 0
  ) {
    return value;
  }
  throw new ConfigError(
    'invalid_option',
    `Option ${name} must be a non-negative integer; received ${describeValue(value)}.`,
    {
      details: { option: name },
    },
  );
}

/** A `keep…` option: `true` all, `false` none, or a count. */
function keepCount(name: string, value: unknown, fallback: number): number {
  if (value === true) return Number.POSITIVE_INFINITY;
  if (value === false) return 0;
  return positiveInteger(name, value, fallback);
}

function onEventOption(value: unknown): ((event: RunEvent) => void) | undefined {
  if (value === undefined || typeof value === 'function')
    return value as ((event: RunEvent) => void) | undefined;
  throw new ConfigError(
    'invalid_option',
    `Option onEvent must be a function; received ${describeValue(value)}.`,
    { details: { option: 'onEvent' } },
  );
}

function resolveOptions(options: ReadAgentRunOptions) {
  const runtime = options.runtime ?? 'auto';
  if (runtime !== 'auto' && !isRuntimeId(runtime)) {
    throw new ConfigError(
      'invalid_option',
      `Option runtime must be ${RUNTIME_CHOICES}; received ${describeValue(runtime)}.`,
      { details: { option: 'runtime' } },
    );
  }
  return {
    runtime,
    maxLineBytes: Math.max(1, positiveInteger('maxLineBytes', options.maxLineBytes, DEFAULT_MAX_LINE_BYTES)),
    keepEvents: keepCount('keepEvents', options.keepEvents, 0),
    keepMessages: keepCount('keepMessages', options.keepMessages, DEFAULT_KEEP_MESSAGES),
    keepTools: keepCount('keepTools', options.keepTools, DEFAULT_KEEP_TOOLS),
    maxToolOutputChars: positiveInteger(
      'maxToolOutputChars',
      options.maxToolOutputChars,
      DEFAULT_MAX_TOOL_OUTPUT_CHARS,
    ),
    maxToolOutputTotalChars: positiveInteger(
      'maxToolOutputTotalChars',
      options.maxToolOutputTotalChars,
      DEFAULT_MAX_TOOL_OUTPUT_TOTAL_CHARS,
    ),
    onEvent: onEventOption(options.onEvent),
  };
}

/**
 * The synchronous heart of `readAgentRun`: a line sink (lines without their terminator) whose `finish()`
 * builds the run. `createEventLineUnwrapper` feeds it the lines a parser of `@skillpack/core` reads, so both
 * paths read a run by the same readers and the same rules.
 */
export function createRunLineReader(options: ReadAgentRunOptions = {}) {
  const settings = resolveOptions(options);
  const run = new RunBuilder(settings);
  const dispatcher = createLineDispatcher(run, { ...settings, runtimes: DISPATCH_RUNTIMES });
  return { run, dispatcher, settings };
}

/**
 * Read one agent run from a runtime's headless output, line by line: memory holds one line at a time plus
 * what the run keeps (the last `keepMessages` messages, 1000 by default, the last `keepTools` calls, 100 by
 * default, with every settled call a contract reads outside the JavaScript heap, tool outputs within
 * `maxToolOutputChars` each and `maxToolOutputTotalChars` in all, 16 Ki by default, raw events only when
 * `keepEvents` asks). Bad input never rejects: malformed lines land in `run.malformedLines`, and an
 * unusable input, a failing stream or an undetectable runtime in `run.problems` (with `runtime:
 * 'unknown'`). Only invalid options reject, with a `ConfigError`.
 */
export async function readAgentRun(
  input: AgentRunInput | Readable,
  options: ReadAgentRunOptions = {},
): Promise<AgentRun> {
  const { run, dispatcher, settings } = createRunLineReader(options);
  const splitter = createLineSplitter(settings.maxLineBytes, dispatcher);
  await feedInput(input, splitter, (problem) => run.problem(problem));
  splitter.end();
  return dispatcher.finish();
}
