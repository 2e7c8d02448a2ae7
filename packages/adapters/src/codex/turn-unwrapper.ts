import { isJsonObjectValue, type TypedEvent } from '../_shared/event-line.js';
import { unwrapCodexEvent } from './unwrap.js';

/**
 * Codex events to final messages by the reader's rule (`exec-json.ts`): at `turn.completed`, the turn's
 * last completed `agent_message`, else its last `plan`; `''` for a failed turn and every other Codex line.
 * `undefined` when the event is not Codex's.
 */
export function createCodexTurnUnwrapper(): (event: TypedEvent) => string | undefined {
  let message: string | undefined;
  let plan: string | undefined;
  return (event) => {
    if (unwrapCodexEvent(event) === undefined) return undefined;
    const item = event.item;
    if (event.type === 'item.completed' && isJsonObjectValue(item) && typeof item.text === 'string') {
      if (item.type === 'agent_message') message = item.text;
      else if (item.type === 'plan') plan = item.text;
      return '';
    }
    if (event.type === 'turn.started' || event.type === 'turn.failed') {
      message = undefined;
      plan = undefined;
      return '';
    }
    if (event.type !== 'turn.completed') return '';
    const final = message ?? plan ?? '';
    message = undefined;
    plan = undefined;
    return final;
  };
}
