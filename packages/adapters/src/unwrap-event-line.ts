import type { UnwrapLine } from '@skillpack/core';
import { isJsonObjectValue, type TypedEvent } from './_shared/event-line.js';
import { parseUnwrapCandidate } from './_shared/unwrap-json.js';
import { createClaudeCodeTurnUnwrapper } from './claude-code/turn-unwrapper.js';
import { unwrapClaudeCodeEvent } from './claude-code/unwrap.js';
import { createCodexTurnUnwrapper } from './codex/turn-unwrapper.js';
import { unwrapCodexEvent } from './codex/unwrap.js';
import { createOpenCodeTurnUnwrapper } from './opencode/turn-unwrapper.js';
import { unwrapOpenCodeEvent } from './opencode/unwrap.js';

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
  return unwrapOpenCodeEvent(event) ?? unwrapCodexEvent(event) ?? unwrapClaudeCodeEvent(event);
};

type EventUnwrapper = (event: TypedEvent) => string | undefined;

/** A JSON array of events on one line (Claude `--output-format json --verbose`), or `undefined`. */
function parseEventArray(line: string): TypedEvent[] | undefined {
  if (typeof line !== 'string' || !line.trimStart().startsWith('[')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!Array.isArray(value)) return undefined;
  const events = value.filter(
    (item): item is TypedEvent => isJsonObjectValue(item) && typeof item.type === 'string',
  );
  return events.length > 0 ? events : undefined;
}

/**
 * A stateful `unwrapLine` for one pass over one output that yields what `readAgentRun` + `extractContract`
 * read: the final message of each turn that completed, at the line that completes it (Claude `result`,
 * Codex `turn.completed`; OpenCode at the end, see below), by each reader's final-message rule.
 * Streamed deltas, narration, subagent output, refused messages and the text of turns that failed or were
 * cut short yield nothing; a Claude `--output-format json --verbose` array on one line reads as its events.
 * Lines that are no runtime event stand (`undefined`). With several completed turns, each yields its own
 * final message, where `extractContract` reads the last.
 *
 * OpenCode prints no terminal event, so its final message comes from `end()`, after the last line, when no
 * `error` or new step followed it (the parsers of `@skillpack/core` call `end()`; a host driving the
 * unwrapper itself must too).
 */
export function createEventLineUnwrapper(): UnwrapLine & { end(): string | undefined } {
  const opencode = createOpenCodeTurnUnwrapper();
  const runtimes: EventUnwrapper[] = [opencode, createCodexTurnUnwrapper(), createClaudeCodeTurnUnwrapper()];
  const unwrapEvent = (event: TypedEvent): string | undefined => {
    for (const unwrap of runtimes) {
      const text = unwrap(event);
      if (text !== undefined) return text;
    }
    return undefined;
  };
  const unwrapLine = (line: string): string | undefined => {
    const event = parseUnwrapCandidate(line);
    if (event) return unwrapEvent(event);
    const events = parseEventArray(line);
    if (!events) return undefined;
    const texts = events.map(unwrapEvent).filter((text) => text !== undefined && text !== '');
    return texts.join('\n');
  };
  return Object.assign(unwrapLine, { end: () => opencode.end() });
}
