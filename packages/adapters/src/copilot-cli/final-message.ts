import type { RunSummary } from '../_shared/run-builder.js';
import { endedWith } from '../_shared/run-end.js';
import type { RunError } from '../agent-run.js';
import type { CopilotAssistantMessageEvent } from './wire-schemas.js';

/**
 * The final-message rule of GitHub Copilot CLI (seen in 1.0.102): the last main-agent `assistant.message`
 * after the last main-agent `user.message`, and only when it asks for no tool (text beside a tool call is
 * narration; the agent goes on). A `user.message` (a Stop hook's push-back is one) starts the answer over: an
 * answer before it is never the final one. Only the `result` line with `exitCode: 0`, as the last event,
 * completes a run; a `session.error` after the last prompt, or `exitCode` other than 0, is an error, and
 * any event after `result` a cut run.
 */
export const COPILOT_FINAL_ANSWER_RULE =
  'the last main-agent assistant.message after the last user.message, asking for no tool; only a final result line with exitCode 0 completes a run';
/** The Copilot CLI versions the final-answer rule was seen in. */
export const COPILOT_FINAL_ANSWER_SEEN_IN = '1.0.102';

/** A turn the host aborted (`session.abort()` of the Copilot SDK): the run did not complete. */
export const ABORTED: RunError = {
  code: 'aborted',
  message: 'The session was aborted before the agent finished.',
};

/** The answer so far: its text, and whether its message is still streaming or split. */
export type CopilotCandidate = { readonly text: string; readonly partial: boolean; readonly line: number };

/** A response split at reasoning boundaries is whole only at its last chunk (`chunkIndex = chunkCount - 1`). */
export function isLastChunk(data: CopilotAssistantMessageEvent['data']): boolean {
  if (data.chunkCount === undefined || data.chunkCount <= 1) return true;
  return data.chunkIndex === data.chunkCount - 1;
}

/**
 * How a run that reached its end ended: a session that shut down before it went idle (SDK events), an
 * error it reported, a partial answer, or complete.
 */
export function copilotEnd(
  candidate: CopilotCandidate | undefined,
  error: RunError | undefined,
  shutDownBusy: boolean,
): RunSummary {
  const finalText = candidate?.text;
  if (shutDownBusy) {
    const why =
      'The session shut down before it went idle after the last prompt: the answer was not finished.';
    return { ...endedWith('truncated', 'not_idle', why), finalText };
  }
  if (error) return { finish: 'error', error, finalText };
  if (candidate?.partial)
    return {
      ...endedWith('truncated', 'partial_message', 'The final assistant message never completed.'),
      finalText,
    };
  return { finish: 'complete', finalText };
}
