import type { MessageDraft } from '../_shared/run-builder.js';
import { endedWith } from '../_shared/run-end.js';
import type { FinishState, RunError } from '../agent-run.js';
import { claudeFinishFromResult } from './result-json.js';
import type { ClaudeResultEvent } from './wire-schemas.js';

/**
 * Claude Code's final message, as seen in 2.1.2xx–2.1.328 stream-json and `--output-format json`:
 *
 * - A turn is the main agent's assistant messages after its last `user` line (a prompt or tool results)
 *   and after the last `result`. Its final message is its last message that has text (all its text blocks,
 *   one per line of the same `message.id`), joined directly to the messages before it that the API cut at
 *   `max_tokens` and Claude Code continued. An earlier message of the turn (narration) is not part of it.
 * - `result.result` is the runtime's copy, and not always a whole one: it is `""` in some releases (2.1.8x,
 *   2.1.10x) while the assistant line holds the answer, keeps only the last text block of a message with
 *   several, and after a `max_tokens` recovery holds only the continuation. So the turn's text wins when it
 *   ends with `result`; `result` stands alone when no assistant line was printed (`--output-format json`).
 * - 2.1.328 prints a cut message with `stop_reason: null` (the `assistant` line precedes the `message_delta`
 *   that says `max_tokens`) and asks for the continuation with a synthetic `user` line (`isSynthetic: true`,
 *   "Output token limit hit. Resume directly…"). That line continues the turn: the message before it counts
 *   as cut at `max_tokens`.
 * - A message that stopped with `stop_reason: "refusal"` (or carries `refused_message_id`) was withdrawn by
 *   the runtime and is never the final message; a fallback model's retry that follows it is.
 */
export class ClaudeTurn {
  private messages: MessageDraft[] = [];
  private readonly cutAtMaxTokens = new WeakSet<MessageDraft>();
  private lastStop: string | null | undefined;

  /** Note a main-agent message (each line of one message id repeats it) and how it stopped. */
  add(message: MessageDraft, stopReason: string | null | undefined): void {
    if (this.messages[this.messages.length - 1] !== message) this.messages.push(message);
    if (stopReason === undefined) return;
    this.lastStop = stopReason;
    if (stopReason === 'max_tokens') this.cutAtMaxTokens.add(message);
    else this.cutAtMaxTokens.delete(message);
  }

  /** A withdrawn message leaves the turn. */
  withdraw(message: MessageDraft): void {
    this.messages = this.messages.filter((candidate) => candidate !== message);
  }

  /** The runtime asked the model to resume after an output-token cut: the last message was cut there. */
  continueAfterCut(): void {
    const last = this.messages[this.messages.length - 1];
    if (last) this.cutAtMaxTokens.add(last);
    this.lastStop = 'max_tokens';
  }

  /** A `user` line or a `result` starts the next turn. */
  reset(): void {
    this.messages = [];
    this.lastStop = undefined;
  }

  /** How the last message of the turn stopped (`end_turn`, `tool_use`, `max_tokens`, …). */
  get stopReason(): string | null | undefined {
    return this.lastStop;
  }

  get isEmpty(): boolean {
    return this.messages.every((message) => message.text === '');
  }

  /** The last message with text, preceded by the messages it continues after a `max_tokens` cut. */
  text(): string | undefined {
    let end = this.messages.length - 1;
    while (end >= 0 && this.messages[end]!.text === '') end--;
    if (end < 0) return undefined;
    let text = this.messages[end]!.text;
    for (let i = end - 1; i >= 0 && this.cutAtMaxTokens.has(this.messages[i]!); i--) {
      text = `${this.messages[i]!.text}${text}`;
    }
    return text;
  }
}

const RESUME_AFTER_CUT = 'Output token limit hit.';

/** The synthetic `user` line with which 2.1.328 asks for the rest of a message cut at `max_tokens`. */
export function isMaxTokensResume(event: Readonly<Record<string, unknown>>): boolean {
  if (event.isSynthetic !== true) return false;
  const message = event.message as { content?: unknown } | undefined;
  const content = message?.content;
  const first = Array.isArray(content) ? (content[0] as { text?: unknown } | undefined)?.text : content;
  return typeof first === 'string' && first.startsWith(RESUME_AFTER_CUT);
}

/** The final message of a turn that ended with `result`, by the rule above. */
export function claudeFinalText(
  turnText: string | undefined,
  result: string | undefined,
): string | undefined {
  const copy = result?.trim() ?? '';
  // A turn that wrote nothing, which an empty `result` confirms, has an empty final message.
  if (turnText === undefined) return copy === '' ? (result === undefined ? undefined : '') : result;
  if (copy === '' || turnText.trimEnd().endsWith(copy)) return turnText;
  return result;
}

/** Whether a result only closes a local command (`/compact`): no model turn, no text. */
export function isLocalCommandResult(result: ClaudeResultEvent): boolean {
  return result.num_turns === 0 && (result.result ?? '') === '' && result.subtype === 'success';
}

/** How a turn closed by `result` ended, with what the final message shows (a cut or refused answer). */
export function finishOfTurn(
  result: ClaudeResultEvent,
  turn: ClaudeTurn,
  refused: boolean,
): { finish: FinishState; error?: RunError } {
  const ended = claudeFinishFromResult(result);
  // 2.1.328 ends a run it gave up on after a refusal with an API-error result (`is_error`, `stop_reason:
  // "refusal"`): the refusal is why it ended.
  const refusalError = ended.error?.code === 'api_error' && (refused || result.stop_reason === 'refusal');
  if (ended.finish !== 'complete' && !refusalError) return ended;
  if (refused) return endedWith('refused', 'refusal', 'The model refused and no fallback answered.');
  const stop = result.stop_reason ?? turn.stopReason;
  if (stop === 'max_tokens')
    return endedWith('length', 'max_tokens', 'The final message was cut at the output-token limit.');
  if (stop === 'refusal' || refusalError)
    return endedWith('refused', 'refusal', 'The model refused to answer.');
  return ended;
}
