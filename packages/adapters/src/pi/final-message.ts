import type { RunSummary } from '../_shared/run-builder.js';
import { endedWith } from '../_shared/run-end.js';
import type { RunError } from '../agent-run.js';
import type { PiContentPart } from './wire-schemas.js';

/** How Pi 1.6.0 words a refusal: `stopReason: "error"` with this `errorMessage` (OpenAI `content_filter`). */
export const PI_REFUSAL_PREFIX = 'Provider finish_reason: content_filter';

/** The text parts of a message's content, joined with no separator (as Pi's `-p` prints them). */
export function piMessageText(content: string | readonly PiContentPart[] | undefined): string {
  if (typeof content === 'string') return content;
  let text = '';
  for (const part of content ?? [])
    if (part.type === 'text' && typeof part.text === 'string') text += part.text;
  return text;
}

/** The last assistant `message_end`: its text, and how its request stopped. */
export interface PiFinalMessage {
  readonly text: string;
  readonly stopReason: string | undefined;
  readonly errorMessage: string | undefined;
}

/**
 * How a run that reached `agent_settled` ended, by its final assistant message's `stopReason` (Pi 1.6.0 exits 0
 * on API errors, length cuts and refusals): `stop` completes; `length`, `error`, `aborted` do not.
 */
export function piEnd(
  final: PiFinalMessage | undefined,
  aborted: boolean,
): { finish: RunSummary['finish']; error?: RunError } {
  if (aborted || final?.stopReason === 'aborted')
    return endedWith('error', 'aborted', final?.errorMessage ?? 'The run was aborted.');
  if (!final) return endedWith('error', 'no_answer', 'The run settled with no assistant message.');
  switch (final.stopReason) {
    case 'stop':
      return { finish: 'complete' };
    case 'length':
      return endedWith(
        'length',
        'max_tokens',
        'The answer was cut at the output-token limit (stopReason "length").',
      );
    case 'error': {
      const message = final.errorMessage ?? 'The model request failed (stopReason "error").';
      if (message.startsWith(PI_REFUSAL_PREFIX)) return endedWith('refused', 'refusal', message);
      return endedWith('error', 'model_error', message);
    }
    default: {
      const stopped = `stopReason "${final.stopReason ?? 'none'}"`;
      return endedWith(
        'error',
        'unfinished_turn',
        `The run settled after an assistant message with ${stopped}, not a final answer.`,
      );
    }
  }
}
