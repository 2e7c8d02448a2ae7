import type { RunError } from '../agent-run.js';

/** Why a plain-text run is not a complete one: nothing in it says how the run ended. */
export const PLAIN_TEXT_ERROR: RunError = {
  code: 'no_completion_signal',
  message:
    "Plain text (no runtime events) does not show how the run ended; read the runtime's JSON output, or take the text knowingly.",
};

/**
 * The lines of an output seen before any runtime was detected, kept so that an output with no runtime event
 * at all (`claude -p` text mode, `codex exec` without `--json`, `opencode run` default format) can be read as
 * the agent's text. Bounded like one whole JSON document (`maxLineBytes` in all); dropped once a runtime is
 * detected.
 */
export class PlainTextLines {
  private lines: string[] | undefined = [];
  private chars = 0;
  private visible = false;
  /** True once the text outgrew the bound (a single line too long is reported as such, not here). */
  overflowed = false;

  constructor(private readonly limit: number) {}

  add(text: string): void {
    if (this.lines === undefined) return;
    this.chars += text.length + 1;
    if (this.chars > this.limit) {
      this.drop();
      this.overflowed = true;
      return;
    }
    this.lines.push(text);
    if (!this.visible && text.trim() !== '') this.visible = true;
  }

  /** A runtime was detected: the lines are events, not text. */
  drop(): void {
    this.lines = undefined;
  }

  /** A line too long to keep (a `line_too_long` malformed line): the text cannot be read whole. */
  tooLong(): void {
    this.drop();
  }

  /** The whole text, lines joined by `\n`, when it was kept and has a visible character. */
  text(): string | undefined {
    return this.lines !== undefined && this.visible ? this.lines.join('\n') : undefined;
  }
}
