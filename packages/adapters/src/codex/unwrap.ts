import { isJsonObjectValue, type TypedEvent } from '../_shared/event-line.js';
import { parseUnwrapCandidate } from '../_shared/unwrap-json.js';

/**
 * The agent's text in one `codex exec --json` event: an `item.completed` `agent_message`'s `text`. `''`
 * for Codex's other events (reasoning, commands, in-progress items, turn and thread events, errors);
 * `undefined` when the event is not Codex's.
 */
export function unwrapCodexEvent(event: TypedEvent): string | undefined {
  const { type } = event;
  if (type === 'item.started' || type === 'item.updated' || type === 'item.completed') {
    const item = event.item;
    if (!isJsonObjectValue(item)) return undefined;
    if (type !== 'item.completed' || item.type !== 'agent_message') return '';
    return typeof item.text === 'string' ? item.text : '';
  }
  if (type === 'thread.started' || type.startsWith('turn.')) return '';
  if (type === 'error') {
    const keys = Object.keys(event);
    return keys.length === 2 && typeof event.message === 'string' ? '' : undefined;
  }
  return undefined;
}

/** `unwrapEventLine` for Codex lines only. */
export function unwrapCodexLine(line: string): string | undefined {
  const event = parseUnwrapCandidate(line);
  return event && unwrapCodexEvent(event);
}
