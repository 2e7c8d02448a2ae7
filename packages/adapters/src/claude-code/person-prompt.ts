import type { TypedEvent } from '../_shared/event-line.js';
import { type ClaudeEnvelope, isClaudeSubagent } from './envelope.js';

/**
 * Whether a `user` line is a prompt a person wrote. Claude Code 2.1.328 writes the main agent's other `user`
 * lines as tool results, as `isMeta` (a Stop hook's feedback in the transcript), as `isSynthetic` (the hook's
 * feedback and the max-tokens resume in stream-json) or as `isCompactSummary`.
 */
export function isClaudePersonPrompt(event: TypedEvent): boolean {
  if (event.type !== 'user' || isClaudeSubagent(event as ClaudeEnvelope) === true) return false;
  if (event.isMeta === true || event.isSynthetic === true || event.isCompactSummary === true) return false;
  const content = (event.message as { content?: unknown } | undefined)?.content;
  if (typeof content === 'string') return content !== '';
  return (
    Array.isArray(content) &&
    content.length > 0 &&
    content.every((block) => (block as { type?: unknown } | null)?.type !== 'tool_result')
  );
}
