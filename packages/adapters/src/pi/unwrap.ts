import { isJsonObjectValue, type TypedEvent } from '../_shared/event-line.js';
import { parseUnwrapCandidate } from '../_shared/unwrap-json.js';
import { piMessageText } from './final-message.js';
import { PI_EVENT_TYPES } from './wire-definitions.js';
import type { PiContentPart } from './wire-schemas.js';

const TYPES: ReadonlySet<string> = new Set(PI_EVENT_TYPES);

/**
 * Whether an event has Pi's `--mode json` shape: one of its types, with the field that type always carries
 * (the header's numeric `version` and `id`, a message event's `message.role`, a tool event's `toolCallId`).
 */
export function isPiEvent(event: TypedEvent): boolean {
  if (!TYPES.has(event.type)) return false;
  switch (event.type) {
    case 'session':
      return typeof event.version === 'number' && typeof event.id === 'string';
    case 'message_update':
      // 1.6.0 sends the delta alone (`assistantMessageEvent`); 0.73.1 sent the whole partial message too.
      return isJsonObjectValue(event.assistantMessageEvent) || isJsonObjectValue(event.message);
    case 'message_start':
    case 'message_end':
      return isJsonObjectValue(event.message) && typeof event.message.role === 'string';
    case 'tool_execution_start':
    case 'tool_execution_update':
    case 'tool_execution_end':
      return typeof event.toolCallId === 'string';
    case 'agent_end':
      return Array.isArray(event.messages);
    case 'turn_end':
      return isJsonObjectValue(event.message);
    default:
      return true;
  }
}

/**
 * The agent's text in one Pi event: an assistant `message_end`'s text parts. `''` for Pi's other events (the
 * prompt, deltas, tool rounds, `agent_end`, which repeats the messages); `undefined` when the event is not Pi's.
 */
export function unwrapPiEvent(event: TypedEvent): string | undefined {
  if (!isPiEvent(event)) return undefined;
  if (event.type !== 'message_end' || !isJsonObjectValue(event.message)) return '';
  const message = event.message;
  if (message.role !== 'assistant') return '';
  const content = message.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return piMessageText(content.filter(isJsonObjectValue) as PiContentPart[]);
}

/** `unwrapEventLine` for Pi lines only. */
export function unwrapPiLine(line: string): string | undefined {
  const event = parseUnwrapCandidate(line);
  return event && unwrapPiEvent(event);
}
