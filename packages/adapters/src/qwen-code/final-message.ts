import { endedWith } from '../_shared/run-end.js';
import type { FinishState, RunError } from '../agent-run.js';
import type { QwenResultEvent } from './wire-schemas.js';

/**
 * Qwen Code's final message, as seen in 0.24.4 stream-json (`-p --output-format stream-json
 * --include-partial-messages`):
 *
 * - A message holds one block type; text, thinking and tool calls come as separate `assistant` lines. The
 *   final message is the main agent's last text message after the last `user` line (tool results) of a run
 *   whose `result` is `success`.
 * - When a Stop hook blocks, the CLI sends the hook's reason to the model inside the same turn and appends
 *   the model's next text to the SAME message: the `assistant` line and `result.result` then hold every
 *   attempt joined with no separator (`"The answer.The answer. FINAL"`, `num_turns: 1`). Nothing else in
 *   stdout says a hook blocked.
 * - With `--include-partial-messages` the first attempt's text block ends with `content_block_stop`, and the
 *   next attempt's `content_block_delta`s follow in that closed block without a new `content_block_start`;
 *   a third attempt adds no second stop (the block is no longer open), so attempts after the first cannot be
 *   told apart either.
 *
 * So a message whose deltas continue after their block's `content_block_stop` is a joined one and gives no
 * final answer (`final_message_joined`), and a message read without its deltas (plain stream-json, `json`)
 * cannot be shown not to be one (`final_message_unverified`). A `system/retry` line follows a message the
 * CLI printed for an abandoned attempt (no answer); after a continuation retry (`preserveText: true`) the
 * delivered text goes on, so the turn's answer cannot be shown whole (`final_message_retried`). An attempt that starts with a tool call or
 * thinking starts a new message, so an answer after a tool call is a message of its own again.
 */
export class QwenStreamedMessage {
  private text = '';
  private blockOpen = false;
  private sawStop = false;
  private joinedAfterStop = false;
  private deltas = 0;

  /** A `content_block_start`: a text block opens, any other block type closes the text. */
  start(blockType: string): void {
    this.blockOpen = blockType === 'text';
    this.sawStop = false;
  }

  delta(text: string): void {
    this.deltas++;
    if (this.sawStop) this.joinedAfterStop = true;
    this.text += text;
  }

  stop(): void {
    if (this.blockOpen) this.sawStop = true;
    this.blockOpen = false;
  }

  /** How the streamed text of one message compares with the `assistant` line that completes it. */
  verdict(messageText: string): QwenMessageCheck {
    if (this.deltas === 0) return { kind: 'unverified' };
    if (this.text !== messageText) return { kind: 'mismatch' };
    return this.joinedAfterStop ? { kind: 'joined' } : { kind: 'single' };
  }
}

/** What the deltas say about one message: one model response, several joined, or nothing. */
export type QwenMessageCheck =
  | { readonly kind: 'single' }
  | { readonly kind: 'joined' }
  | { readonly kind: 'mismatch' }
  | { readonly kind: 'retried' }
  | { readonly kind: 'unverified' };

/** Why a completed run's final message gives no answer, by the check of its deltas. */
export function unusableFinalMessage(check: QwenMessageCheck): RunError | undefined {
  switch (check.kind) {
    case 'single':
      return undefined;
    case 'joined':
      return {
        code: 'final_message_joined',
        message:
          'Qwen Code joined several answers of this turn into one message with no separator (a Stop hook pushed back and the model answered again), so the final answer cannot be told from the earlier ones; the Stop hook reads it from last_assistant_message.',
      };
    case 'mismatch':
      return {
        code: 'final_message_mismatch',
        message:
          "The final message's streamed deltas do not add up to its text, so the stream cannot show which answer is the final one.",
      };
    case 'retried':
      return {
        code: 'final_message_retried',
        message:
          'Qwen Code retried a model request and kept the text already delivered, so the final message may continue one printed before it; the stream cannot show the whole answer.',
      };
    case 'unverified':
      return {
        code: 'final_message_unverified',
        message:
          'Qwen Code output without --include-partial-messages cannot show that the final message is one answer: after a Stop hook push-back the CLI joins every answer into it with no separator. Run with --output-format stream-json --include-partial-messages.',
      };
  }
}

/** The main agent's last text message and what its deltas say of it. */
export interface QwenFinalCandidate {
  readonly text: string;
  readonly check: QwenMessageCheck;
}

/** How a run that ended with `result` ended, given its final message (`undefined`: the turn wrote none). */
export function finishOfResult(
  result: QwenResultEvent,
  candidate: QwenFinalCandidate | undefined,
): { finish: FinishState; error?: RunError } {
  if (result.is_error || result.subtype !== 'success') {
    const message =
      result.error?.message ?? `Qwen Code ended the run with result subtype "${result.subtype}".`;
    return endedWith('error', result.subtype, message);
  }
  if (candidate === undefined) return { finish: 'complete' };
  const unusable = unusableFinalMessage(candidate.check);
  if (unusable) return { finish: 'unknown', error: unusable };
  // `result.result` is the last assistant line's text: a different one contradicts the stream.
  if (result.result !== undefined && result.result !== '' && result.result !== candidate.text) {
    const why =
      'The result text is not the final message the stream shows; a result that contradicts the stream does not complete the run.';
    return endedWith('error', 'contradictory_result', why);
  }
  return { finish: 'complete' };
}
