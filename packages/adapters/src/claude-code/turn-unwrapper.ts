import type { TypedEvent } from '../_shared/event-line.js';
import type { MessageDraft } from '../_shared/run-builder.js';
import {
  ClaudeTurn,
  claudeFinalText,
  finishOfTurn,
  isLocalCommandResult,
  isMaxTokensResume,
} from './final-message.js';
import { claudeResultText } from './result-json.js';
import { isClaudeSubagent } from './stream-json.js';
import { claudeContentText, unwrapClaudeCodeEvent } from './unwrap.js';
import { ClaudeAssistantEventSchema, ClaudeResultEventSchema } from './wire-schemas.js';

const OPEN_MESSAGE_LIMIT = 64;

/**
 * Claude Code events to final messages, one turn at a time, by the reader's rule (`final-message.ts`):
 * nothing until a `result` completes the turn, then the turn's final message; `''` for a turn that failed,
 * was cut at `max_tokens` or refused, and for every other Claude Code line. `undefined` when the event is
 * not Claude Code's.
 */
export function createClaudeCodeTurnUnwrapper(): (event: TypedEvent) => string | undefined {
  const turn = new ClaudeTurn();
  const open = new Map<string, MessageDraft>();
  let refused = false;
  let resultSeen = false;

  function draftFor(id: string | undefined, line: number): MessageDraft {
    const known = id === undefined ? undefined : open.get(id);
    if (known) return known;
    const draft: MessageDraft = { id, text: '', subagent: false, partial: false, line };
    if (id !== undefined) {
      open.set(id, draft);
      if (open.size > OPEN_MESSAGE_LIMIT) open.delete(open.keys().next().value as string);
    }
    return draft;
  }

  function acceptAssistant(event: TypedEvent): void {
    const parsed = ClaudeAssistantEventSchema.safeParse(event);
    if (!parsed.success || isClaudeSubagent(parsed.data) === true) return;
    const { message } = parsed.data;
    const draft = draftFor(message.id, 0);
    if (message.stop_reason === 'refusal' || parsed.data.refused_message_id !== undefined) {
      refused = true;
      turn.withdraw(draft);
      return;
    }
    const text = claudeContentText(message.content);
    if (text !== '') {
      draft.text = draft.text === '' ? text : `${draft.text}\n${text}`;
      refused = false;
    }
    turn.add(draft, message.stop_reason);
  }

  function acceptResult(event: TypedEvent): string {
    const parsed = ClaudeResultEventSchema.safeParse(event);
    if (!parsed.success) return '';
    const result = parsed.data;
    if (resultSeen && isLocalCommandResult(result)) return '';
    resultSeen = true;
    const ended = finishOfTurn(result, turn, refused);
    const text =
      ended.finish === 'complete' ? claudeFinalText(turn.text(), claudeResultText(result)) : undefined;
    turn.reset();
    open.clear();
    return text ?? '';
  }

  return (event) => {
    if (unwrapClaudeCodeEvent(event) === undefined) return undefined;
    switch (event.type) {
      case 'assistant':
        acceptAssistant(event);
        return '';
      case 'user':
        if (isClaudeSubagent(event as Parameters<typeof isClaudeSubagent>[0]) === true) return '';
        if (isMaxTokensResume(event)) turn.continueAfterCut();
        else turn.reset();
        return '';
      case 'system':
        if (event.subtype === 'model_refusal_no_fallback') refused = true;
        return '';
      case 'result':
        return acceptResult(event);
      default:
        return '';
    }
  };
}
