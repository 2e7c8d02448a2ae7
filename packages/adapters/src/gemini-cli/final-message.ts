import { AnswerCandidate } from '../_shared/answer-candidate.js';
import type { MessageDraft } from '../_shared/run-builder.js';
import { endedWith } from '../_shared/run-end.js';
import type { FinishState, RunError } from '../agent-run.js';

/** The warning stream-json prints when an AfterAgent hook pushes an answer back (`decision: "deny"|"block"`, exit 2). */
export const BLOCKED_PREFIX = 'Agent execution blocked:';
/** The warning stream-json prints when the loop detector stops the agent. */
export const LOOP_DETECTED = 'Loop detected, stopping execution';

/** What ended the last answer, when it was not the model's next text. */
export type AnswerBoundary = 'none' | 'tool' | 'blocked' | 'prompt';

/**
 * Gemini CLI's final message, as seen in 0.61.0 stream-json:
 *
 * - Assistant `message` lines are deltas (`delta: true`, one per streamed chunk): the deltas of one model turn
 *   concatenate with no separator into one message.
 * - A turn's text ends at a `tool_use` or `tool_result` line (text before a call is narration), at a user
 *   `message`, and at the `error` warning `Agent execution blocked: <reason>` (an AfterAgent hook rejected the
 *   answer; the CLI sends the reason as a new user turn, and the text after the warning is the retry). The
 *   final message is the text after the last of these, and only that: never the CLI's cumulative copies
 *   (`--output-format json` `response`, the hook's `prompt_response`), which join every attempt.
 * - Nothing after the last boundary means the run has no final message: after a block it is a run the hook
 *   rejected with no retry (the CLI stopped, for one by its loop detector); after a tool call the agent ended
 *   on the call.
 * - 0.61.0 prints no sign of a `MAX_TOKENS` or `SAFETY` finish when the turn has text: `result` says
 *   `success`, so such an answer cannot be told from a whole one here (the captures show it).
 */
export class GeminiAnswer extends AnswerCandidate<MessageDraft, Exclude<AnswerBoundary, 'none'>> {
  private loopAfterAnswer = false;

  /** Start (or continue) the answer with a draft the run builder created. */
  override offer(draft: MessageDraft): void {
    super.offer(draft);
    this.loopAfterAnswer = false;
  }

  /** The loop detector fired: the agent was stopped, whatever text came before. */
  loopDetected(): void {
    this.loopAfterAnswer = true;
  }

  /** The text of the final message, or `undefined` when the last boundary had no text after it. */
  text(): string | undefined {
    return this.value?.text;
  }

  /** How a run whose `result` said `success` ended, by what its final message shows. */
  endOfSuccess(): { finish: FinishState; error?: RunError } {
    if (this.loopAfterAnswer)
      return endedWith(
        'max_turns',
        'loop_detected',
        'Gemini CLI stopped the agent: "Loop detected, stopping execution".',
      );
    if (this.text() === undefined && this.lastBoundary === 'blocked')
      return endedWith(
        'error',
        'blocked_without_answer',
        'A hook blocked the last answer and the run ended with no answer after it.',
      );
    return { finish: 'complete' };
  }
}
