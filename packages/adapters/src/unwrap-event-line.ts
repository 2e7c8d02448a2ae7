import type { RunNotCompleteReason, UnwrapLine } from '@skillpack/core';
import { parseUnwrapCandidate } from './_shared/unwrap-json.js';
import { utf8ByteLength } from './_shared/utf8.js';
import type { AgentRun } from './agent-run.js';
import { createRunLineReader } from './read-agent-run.js';
import { checkRunCompletion, finalAnswerOf, runNotCompleteError } from './run-completion.js';
import { unwrapAnyEvent } from './runtimes.js';

/**
 * The assistant text one event line of Claude Code, Codex or OpenCode carries, read alone: the Conflux
 * runtime's whole-output mode (`stream_json_textifier`), for `safeParseAcceptanceOutput(raw, { unwrapLine })`
 * parity with Conflux. It is not the recommended path; `readAgentRun` + `extractContract` (or
 * `createEventLineUnwrapper()`) read only the final message of a completed run. Reading lines alone, this
 * mode differs from them where a run's lines depend on each other: every `stream_event` delta is a line of
 * its own (a fence or verdict split across deltas is not reassembled), narration before the final message
 * and refused or withdrawn messages count, a failed or cut-short run's text counts, and each of several
 * `result` lines repeats its turn's text.
 *
 * - text: Claude `assistant` text blocks (joined by newlines), `stream_event` text deltas and a
 *   successful `result`'s `result`; Codex `item.completed` `agent_message`; OpenCode `text` parts.
 * - `''`: a runtime event that carries no assistant text (tool output, user messages, reasoning, status,
 *   error results, and subagent output, which is not the agent's answer). The caller drops the line.
 * - `undefined`: not a runtime event (plain text, or JSON an agent wrote); the caller keeps the line.
 */
export const unwrapEventLine: UnwrapLine = (line) => {
  const event = parseUnwrapCandidate(line);
  if (!event) return undefined;
  return unwrapAnyEvent(event);
};

const BYTE_ORDER_MARK = '\ufeff';

/**
 * A stateful `unwrapLine` for one pass over one output that reads what `readAgentRun` + `extractContract`
 * read, by the same readers: every line goes to the run reader and yields `''` (no line stands as agent
 * text), and `end()`, after the last line, yields the run's final answer (`finalAnswerOf`): the final
 * message of the last turn when the run completed, and nothing when it failed, was cut short (a partial last
 * line included), contradicts itself, or is plain text with no runtime event (which never shows that a run
 * completed). `notComplete()` then says why the run did not complete (the `run_not_complete` error
 * `extractContract` gives, whose message and details the parsers of `@skillpack/core` fail with), or
 * `undefined` for a completed run. The parsers call both; a host driving the unwrapper itself must too.
 * Use one unwrapper per output.
 */
export function createEventLineUnwrapper(): UnwrapLine & {
  end(): string | undefined;
  notComplete(): RunNotCompleteReason | undefined;
} {
  const { dispatcher, settings } = createRunLineReader({ keepMessages: false, keepTools: false });
  let lines = 0;
  let run: AgentRun | undefined;
  let answer: { text: string | undefined } | undefined;
  const unwrapLine = (line: string): string => {
    if (answer !== undefined || typeof line !== 'string') return '';
    lines++;
    // The line readAgentRun's splitter gives: without a leading byte-order mark (a CR is JSON whitespace).
    const text = lines === 1 && line.startsWith(BYTE_ORDER_MARK) ? line.slice(1) : line;
    const bytes = text.length * 3 > settings.maxLineBytes ? utf8ByteLength(text) : 0;
    if (bytes > settings.maxLineBytes) dispatcher.tooLong(lines, bytes);
    else dispatcher.line(lines, text);
    return '';
  };
  const finished = (): AgentRun => {
    run ??= dispatcher.finish();
    return run;
  };
  const end = (): string | undefined => {
    answer ??= { text: finalAnswerOf(finished()) };
    return answer.text;
  };
  const notComplete = (): RunNotCompleteReason | undefined => {
    end();
    const ran = finished();
    return checkRunCompletion(ran).complete ? undefined : runNotCompleteError(ran);
  };
  return Object.assign(unwrapLine, { end, notComplete });
}
