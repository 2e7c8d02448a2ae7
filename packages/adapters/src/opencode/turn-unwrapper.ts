import { isJsonObjectValue, type TypedEvent } from '../_shared/event-line.js';
import { JoinedParts } from '../_shared/joined-parts.js';
import { unwrapOpenCodeEvent } from './unwrap.js';

const OPEN_MESSAGE_LIMIT = 64;

/** OpenCode events to final messages; `end` gives the one held back until the output ended. */
export interface OpenCodeTurnUnwrapper {
  (event: TypedEvent): string | undefined;
  end(): string | undefined;
}

/**
 * OpenCode lines to final messages by the reader's rule (`run-json.ts`). A main-session `step_finish` with
 * reason `stop` makes the last main-session message that has text the candidate, but OpenCode 1.18.33
 * prints no terminal event, so the candidate is held: a later main-session `error` drops it (the run
 * failed), a later `step_start` drops it (a plugin re-prompted; that step's own stop decides), a dev-build
 * `done` line yields it, and otherwise `end()` yields it once the output ended. Every OpenCode line yields
 * `''`, child-session parts included; `undefined` when the event is not OpenCode's.
 */
export function createOpenCodeTurnUnwrapper(): OpenCodeTurnUnwrapper {
  let mainSession: string | undefined;
  const messages = new Map<string, JoinedParts>();
  let lastText: string | undefined;
  let held: string | undefined;
  let failed = false;
  const release = (): string => {
    const text = failed ? '' : (held ?? '');
    held = undefined;
    return text;
  };
  const unwrap = (event: TypedEvent): string | undefined => {
    if (unwrapOpenCodeEvent(event) === undefined) return undefined;
    const session = event.sessionID as string;
    mainSession ??= session;
    const part = isJsonObjectValue(event.part) ? event.part : undefined;
    const main = session === mainSession && (part === undefined || part.sessionID === mainSession);
    if (!main) return '';
    switch (event.type) {
      case 'error':
        failed = true;
        held = undefined;
        return '';
      case 'done':
        return release();
      case 'step_start':
        held = undefined;
        return '';
      case 'text': {
        if (!part || typeof part.text !== 'string') return '';
        const messageId = String(part.messageID);
        let parts = messages.get(messageId);
        if (!parts) {
          parts = new JoinedParts();
          messages.set(messageId, parts);
          if (messages.size > OPEN_MESSAGE_LIMIT) messages.delete(messages.keys().next().value as string);
        }
        const text = parts.set(String(part.id), part.text);
        if (text !== '') lastText = text;
        return '';
      }
      case 'step_finish':
        if (part?.reason === 'stop' && !failed) {
          held = lastText ?? '';
          lastText = undefined;
        } else held = undefined;
        return '';
      default:
        return '';
    }
  };
  return Object.assign(unwrap, { end: release });
}
