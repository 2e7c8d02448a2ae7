import type { TypedEvent } from '../_shared/event-line.js';
import { isSubagentEvent } from './subagent.js';

/**
 * Whether a main `user.message` is a prompt a person wrote. Copilot CLI 1.0.102 hands a Stop hook's block
 * reason back to the agent as a `user.message` with `delivery: "queued"` (a prompt of `-p`, `--continue` or
 * `--resume` is `"idle"`), so a queued message continues the prompt it follows; a message a person queues
 * while the agent works reads the same way.
 */
export function isCopilotPersonPrompt(event: TypedEvent): boolean {
  if (event.type !== 'user.message' || isSubagentEvent(event)) return false;
  const data = event.data as { delivery?: unknown } | undefined;
  return data?.delivery !== 'queued';
}
