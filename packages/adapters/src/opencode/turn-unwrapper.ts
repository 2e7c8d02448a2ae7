import { isJsonObjectValue, type TypedEvent } from '../_shared/event-line.js';
import { JoinedParts } from '../_shared/joined-parts.js';
import { unwrapOpenCodeEvent } from './unwrap.js';

const OPEN_MESSAGE_LIMIT = 64;

/**
 * OpenCode lines to final messages by the reader's rule (`run-json.ts`): at a main-session `step_finish`
 * with reason `stop`, the last main-session message that has text; `''` for child-session parts, steps that
 * stop for any other reason, and every other OpenCode line. OpenCode prints no terminal event, so an
 * `error` line printed after that `step_finish` is not seen here (`readAgentRun` sees it).
 */
export function createOpenCodeTurnUnwrapper(): (event: TypedEvent) => string | undefined {
  let mainSession: string | undefined;
  const messages = new Map<string, JoinedParts>();
  let lastText: string | undefined;
  let failed = false;
  return (event) => {
    if (unwrapOpenCodeEvent(event) === undefined) return undefined;
    const session = event.sessionID as string;
    mainSession ??= session;
    const part = isJsonObjectValue(event.part) ? event.part : undefined;
    const main = session === mainSession && (part === undefined || part.sessionID === mainSession);
    if (!main) return '';
    if (event.type === 'error') failed = true;
    if (event.type === 'text' && part && typeof part.text === 'string') {
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
    if (event.type !== 'step_finish' || part?.reason !== 'stop' || failed) return '';
    const final = lastText ?? '';
    lastText = undefined;
    return final;
  };
}
