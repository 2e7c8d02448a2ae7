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

/** The fields of an event's envelope that say whose it is. */
export interface ClaudeEnvelope {
  readonly parent_tool_use_id?: string | null | undefined;
  readonly isSidechain?: boolean | undefined;
}

/** Subagent output has a `parent_tool_use_id` (stream-json) or `isSidechain: true` (transcripts). */
export function isClaudeSubagent(event: ClaudeEnvelope): boolean | undefined {
  if (typeof event.parent_tool_use_id === 'string') return true;
  if (event.isSidechain !== undefined) return event.isSidechain;
  return event.parent_tool_use_id === null ? false : undefined;
}
