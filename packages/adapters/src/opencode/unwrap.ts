import { isJsonObjectValue, type TypedEvent } from '../_shared/event-line.js';
import { parseUnwrapCandidate } from '../_shared/unwrap-json.js';
import { OPENCODE_EVENT_TYPES } from './wire-definitions.js';

const TYPES: ReadonlySet<string> = new Set(OPENCODE_EVENT_TYPES);

/**
 * The agent's text in one `opencode run --format json` line: a `text` part's `text`. `''` for OpenCode's
 * other events (reasoning, tools, steps, errors); `undefined` when the event is not OpenCode's.
 */
export function unwrapOpenCodeEvent(event: TypedEvent): string | undefined {
  if (typeof event.sessionID !== 'string' || !TYPES.has(event.type)) return undefined;
  if (event.type !== 'text') return '';
  const part = event.part;
  return isJsonObjectValue(part) && typeof part.text === 'string' ? part.text : '';
}

/** `unwrapEventLine` for OpenCode lines only. */
export function unwrapOpenCodeLine(line: string): string | undefined {
  const event = parseUnwrapCandidate(line);
  return event && unwrapOpenCodeEvent(event);
}
