import type { TypedEvent } from '../_shared/event-line.js';
import { parseUnwrapCandidate } from '../_shared/unwrap-json.js';

/**
 * The assistant text one Qwen Code event carries, read alone (`unwrapEventLine`): only the `init` line, which
 * names the CLI (`qwen_code_version`), is told apart here and carries none. Every other line copies Claude
 * Code's shape and is read as Claude Code's, which in this line-alone mode counts the joined text of a
 * pushed-back turn; `readAgentRun` + `extractContract` (or `createEventLineUnwrapper()`) do not.
 */
export function unwrapQwenCodeEvent(event: TypedEvent): string | undefined {
  return event.type === 'system' && typeof event.qwen_code_version === 'string' ? '' : undefined;
}

/** `unwrapEventLine` for Qwen Code lines only: `''` for its `init` line, `undefined` for any other line. */
export function unwrapQwenCodeLine(line: string): string | undefined {
  const event = parseUnwrapCandidate(line);
  return event && unwrapQwenCodeEvent(event);
}
