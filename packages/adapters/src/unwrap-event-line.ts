import type { UnwrapLine } from '@skillpack/core';
import { parseUnwrapCandidate } from './_shared/unwrap-json.js';
import { unwrapClaudeCodeEvent } from './claude-code/unwrap.js';
import { unwrapCodexEvent } from './codex/unwrap.js';
import { unwrapOpenCodeEvent } from './opencode/unwrap.js';

/**
 * The assistant text one event line of Claude Code, Codex or OpenCode carries, for
 * `extract(raw, { unwrapLine: unwrapEventLine })` and `parseAcceptanceOutput`.
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

/**
 * A stateful `unwrapLine` for one pass over one output, which yields each piece of Claude Code assistant
 * text once: `stream_event` deltas are dropped (the `assistant` lines repeat them whole), and a `result`
 * repeats the text of the `assistant` lines before it, so it counts only when none came since the last
 * `result` (as in `--output-format json`). Codex and OpenCode lines read as with `unwrapEventLine`. Use it
 * when duplicates matter, e.g. a legacy `FINDINGS:` list that a repeated text would list twice.
 */
export function createEventLineUnwrapper(): UnwrapLine {
  let assistantTextSinceResult = false;
  return (line) => {
    const event = parseUnwrapCandidate(line);
    if (!event) return undefined;
    const other = unwrapOpenCodeEvent(event) ?? unwrapCodexEvent(event);
    if (other !== undefined) return other;
    const text = unwrapClaudeCodeEvent(event);
    if (text === undefined) return undefined;
    if (event.type === 'stream_event') return '';
    if (event.type === 'assistant' && text !== '') assistantTextSinceResult = true;
    if (event.type !== 'result') return text;
    const repeated = assistantTextSinceResult;
    assistantTextSinceResult = false;
    return repeated ? '' : text;
  };
}
