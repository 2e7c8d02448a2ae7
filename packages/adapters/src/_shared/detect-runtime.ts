import { CLAUDE_EVENT_TYPES } from '../claude-code/wire-schemas.js';
import { OPENCODE_EVENT_TYPES } from '../opencode/wire-schemas.js';
import type { RuntimeId } from '../runtime-id.js';
import type { TypedEvent } from './event-line.js';

const CLAUDE_TYPES: ReadonlySet<string> = new Set(CLAUDE_EVENT_TYPES);
const OPENCODE_TYPES: ReadonlySet<string> = new Set(OPENCODE_EVENT_TYPES);
const CODEX_PREFIXES = ['thread.', 'turn.', 'item.'] as const;

/**
 * The runtime that wrote this event, when the event alone says so. OpenCode lines carry `sessionID` and a
 * numeric `timestamp`; Codex types are dotted (`thread.started`) or the notify `agent-turn-complete`;
 * Claude types are bare words with a snake_case or transcript envelope. A bare `{"type":"error",
 * "message"}` is Codex's. Anything else is `undefined`, and the caller looks at the next event.
 */
export function detectRuntime(event: TypedEvent): RuntimeId | undefined {
  const { type } = event;
  if (
    typeof event.sessionID === 'string' &&
    typeof event.timestamp === 'number' &&
    OPENCODE_TYPES.has(type)
  ) {
    return 'opencode';
  }
  if (type === 'agent-turn-complete' || CODEX_PREFIXES.some((prefix) => type.startsWith(prefix)))
    return 'codex';
  if (type === 'error' && typeof event.message === 'string' && event.sessionID === undefined) return 'codex';
  if (CLAUDE_TYPES.has(type)) {
    const enveloped =
      'session_id' in event ||
      'sessionId' in event ||
      'parentUuid' in event ||
      typeof event.subtype === 'string' ||
      typeof event.message === 'object' ||
      typeof event.event === 'object';
    if (enveloped) return 'claude-code';
  }
  return undefined;
}
