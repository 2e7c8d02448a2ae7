import type { TypedEvent } from '../_shared/event-line.js';
import { parseUnwrapCandidate } from '../_shared/unwrap-json.js';

/**
 * Whether an event has Gemini CLI's stream-json shape: an ISO `timestamp` string (OpenCode's is a number;
 * Codex and Claude stream-json lines have none) and the field its `type` always carries.
 */
export function isGeminiCliEvent(event: TypedEvent): boolean {
  if (typeof event.timestamp !== 'string') return false;
  switch (event.type) {
    case 'init':
      return typeof event.session_id === 'string';
    case 'message':
      return typeof event.role === 'string' && typeof event.content === 'string';
    case 'tool_use':
      return typeof event.tool_name === 'string' && typeof event.tool_id === 'string';
    case 'tool_result':
      return typeof event.tool_id === 'string' && typeof event.status === 'string';
    case 'error':
      return typeof event.severity === 'string' && typeof event.message === 'string';
    case 'result':
      return typeof event.status === 'string' && event.subtype === undefined;
    default:
      return false;
  }
}

/**
 * The agent's text in one Gemini CLI stream-json event: an assistant `message`'s `content` (one delta; a turn's
 * deltas are separate lines). `''` for its other events (the prompt, tool calls and results, warnings such as
 * `Agent execution blocked`, `init`, `result`); `undefined` when the event is not Gemini CLI's.
 */
export function unwrapGeminiCliEvent(event: TypedEvent): string | undefined {
  if (!isGeminiCliEvent(event)) return undefined;
  return event.type === 'message' && event.role === 'assistant' ? (event.content as string) : '';
}

/** `unwrapEventLine` for Gemini CLI lines only. */
export function unwrapGeminiCliLine(line: string): string | undefined {
  const event = parseUnwrapCandidate(line);
  return event && unwrapGeminiCliEvent(event);
}
