import type { TypedEvent } from '../_shared/event-line.js';

/** Whether an event carries a Claude-style envelope (a session id, transcript fields or a nested message). */
export function hasClaudeEnvelope(event: TypedEvent): boolean {
  return (
    'session_id' in event ||
    'sessionId' in event ||
    'parentUuid' in event ||
    typeof event.subtype === 'string' ||
    typeof event.message === 'object' ||
    typeof event.event === 'object'
  );
}
