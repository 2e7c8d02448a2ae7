import type { MessageDraft, RunBuilder } from './run-builder.js';

interface PartialText {
  id: string | undefined;
  text: string;
  line: number;
}

/** The scope of the main agent's messages; a subagent's scope is its parent `tool_use` id. */
export const MAIN_SCOPE = '';

/**
 * Text an Anthropic-style stream sent as deltas (`stream_event` lines), per scope, until the complete message
 * line repeats it: what a run cut before that line has of its last message.
 */
export class StreamedPartials {
  private readonly partials = new Map<string, PartialText>();

  /** A message starts streaming in `scope`. */
  start(scope: string, id: string | undefined, line: number): void {
    this.partials.set(scope, { id, text: '', line });
  }

  delta(scope: string, text: string, line: number): void {
    const partial = this.partials.get(scope) ?? { id: undefined, text: '', line };
    partial.text += text;
    this.partials.set(scope, partial);
  }

  /** The complete message of `scope` came (or was withdrawn): its deltas are superseded. */
  drop(scope: string): void {
    this.partials.delete(scope);
  }

  clear(): void {
    this.partials.clear();
  }

  /** Streamed text no complete line repeated joins the run as partial messages; `main` gets the main agent's. */
  flush(run: RunBuilder, main: (draft: MessageDraft) => void): void {
    for (const [scope, partial] of this.partials) {
      const draft = run.appendMessageText(partial.id, partial.text, partial.line, scope !== MAIN_SCOPE, true);
      if (draft && scope === MAIN_SCOPE) main(draft);
    }
    this.partials.clear();
  }
}
