import { isJsonObjectValue, type TypedEvent } from '../_shared/event-line.js';
import { parseUnwrapCandidate } from '../_shared/unwrap-json.js';
import { isSubagentEvent } from './subagent.js';
import { COPILOT_EVENT_TYPES } from './wire-definitions.js';

const TYPES: ReadonlySet<string> = new Set(COPILOT_EVENT_TYPES);

/**
 * The agent's text in one Copilot CLI event: a main-agent `assistant.message`'s `content` when it asks for
 * no tool. `''` for Copilot's other events (deltas, tool calls, turns, hooks, errors, the `result` line, a
 * subagent's messages); `undefined` when the event is not Copilot's.
 */
export function unwrapCopilotCliEvent(event: TypedEvent): string | undefined {
  if (!TYPES.has(event.type)) return undefined;
  // Copilot's session events carry a `data` object; its `result` line carries `exitCode` instead.
  if (event.type === 'result') return typeof event.exitCode === 'number' ? '' : undefined;
  const data = event.data;
  if (!isJsonObjectValue(data)) return undefined;
  if (event.type !== 'assistant.message' || isSubagentEvent(event)) return '';
  if (Array.isArray(data.toolRequests) && data.toolRequests.length > 0) return '';
  return typeof data.content === 'string' ? data.content : '';
}

/** `unwrapEventLine` for Copilot CLI lines only. */
export function unwrapCopilotCliLine(line: string): string | undefined {
  const event = parseUnwrapCandidate(line);
  return event && unwrapCopilotCliEvent(event);
}
