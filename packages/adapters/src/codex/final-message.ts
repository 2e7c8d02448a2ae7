import type { MessageDraft, RunBuilder, RunSummary } from '../_shared/run-builder.js';
import { endedWith } from '../_shared/run-end.js';
import type { RunError, RunUsage } from '../agent-run.js';

type TurnEnd = 'turn.completed' | 'turn.failed';

/**
 * Codex's final message (0.147–0.169): the last `agent_message` of the last turn, or, when that turn has
 * none, its last `plan` item. Only `turn.completed` completes a run. A failed turn (`turn.failed`) has no
 * final message for Codex itself (`event_processor_with_jsonl_output.rs` drops it), so its last message is
 * only the candidate of a `run_not_complete`; so is an `agent_message` seen only as `item.started` or
 * `item.updated`.
 */
export class CodexTurn {
  state: 'none' | 'open' | 'completed' | 'failed' = 'none';
  /** The turn's last agent message, and its last plan. */
  message: MessageDraft | undefined;
  plan: MessageDraft | undefined;
  private failure: RunError | undefined;
  // The turn's terminal event, and a second one that disagrees with the first.
  private endedBy: TurnEnd | undefined;
  private contradiction: string | undefined;

  start(): void {
    this.state = 'open';
    this.endedBy = undefined;
    this.contradiction = undefined;
    this.message = undefined;
    this.plan = undefined;
  }

  completed(): void {
    if (this.end('turn.completed')) this.state = 'completed';
  }

  failed(failure: RunError): void {
    this.end('turn.failed');
    this.state = 'failed';
    this.failure = failure;
  }

  /** Note a terminal event; `false` when it contradicts the one that already ended this turn. */
  private end(type: TurnEnd): boolean {
    if (this.endedBy !== undefined && this.endedBy !== type) {
      this.contradiction ??= `${this.endedBy} and then ${type}`;
      return false;
    }
    this.endedBy = type;
    return true;
  }

  /** The final message, and the message it is (a notify payload's, when no turn was printed). */
  finalMessage(run: RunBuilder): { last: MessageDraft | undefined; finalText: string | undefined } {
    const last = this.message ?? (this.state === 'none' ? run.lastMainMessage() : undefined);
    return { last, finalText: last?.text ?? this.plan?.text };
  }

  /** How a run whose last line ended a turn ended; `notified`: a notify payload, a completed turn by definition. */
  ended(run: RunBuilder, usage: RunUsage | undefined, notified: boolean): RunSummary | undefined {
    const { last, finalText } = this.finalMessage(run);
    // A turn that ended twice, one way and then the other, contradicts itself: it did not complete.
    if (this.contradiction !== undefined) {
      const why = `The turn ended with ${this.contradiction}; a turn that contradicts itself did not complete.`;
      return { ...endedWith('error', 'contradictory_events', why), finalText, usage };
    }
    if (this.state === 'failed') return { finish: 'error', error: this.failure, finalText, usage };
    if (this.state !== 'completed' && !(notified && this.state === 'none')) return undefined;
    if (last?.partial === true)
      return {
        ...endedWith('truncated', 'partial_message', 'The final agent_message never completed.'),
        finalText,
        usage,
      };
    return { finish: 'complete', finalText, usage };
  }
}
