import { contentBlocksText } from '../_shared/anthropic-messages.js';
import { isJsonObjectValue, type TypedEvent } from '../_shared/event-line.js';
import { parseUnwrapCandidate } from '../_shared/unwrap-json.js';
import { CLAUDE_PASSIVE_EVENT_TYPES } from './wire-definitions.js';

const PASSIVE_TYPES: ReadonlySet<string> = new Set(CLAUDE_PASSIVE_EVENT_TYPES);

function isSubagentEvent(event: TypedEvent): boolean {
  return typeof event.parent_tool_use_id === 'string' || event.isSidechain === true;
}

/**
 * The main agent's text in one Claude Code event: `assistant` text blocks, `stream_event` text deltas and
 * a successful `result`'s `result`. `''` for the runtime's other events (tool results, user messages,
 * thinking, status, subagent output, error results); `undefined` when the event is not Claude Code's.
 */
export function unwrapClaudeCodeEvent(event: TypedEvent): string | undefined {
  const enveloped = 'session_id' in event || 'sessionId' in event;
  switch (event.type) {
    case 'assistant':
      if (!isJsonObjectValue(event.message)) return undefined;
      return isSubagentEvent(event) ? '' : contentBlocksText(event.message.content, '\n');
    case 'stream_event': {
      if (!isJsonObjectValue(event.event)) return undefined;
      const delta = event.event.delta;
      if (isSubagentEvent(event) || !isJsonObjectValue(delta) || delta.type !== 'text_delta') return '';
      return typeof delta.text === 'string' ? delta.text : '';
    }
    case 'result':
      if (typeof event.subtype !== 'string' && typeof event.is_error !== 'boolean') return undefined;
      return event.is_error !== true && typeof event.result === 'string' ? event.result : '';
    case 'user':
      return isJsonObjectValue(event.message) || enveloped ? '' : undefined;
    case 'system':
      return typeof event.subtype === 'string' || enveloped ? '' : undefined;
    default:
      return PASSIVE_TYPES.has(event.type) && enveloped ? '' : undefined;
  }
}

/** `unwrapEventLine` for Claude Code lines only. */
export function unwrapClaudeCodeLine(line: string): string | undefined {
  const event = parseUnwrapCandidate(line);
  return event && unwrapClaudeCodeEvent(event);
}
