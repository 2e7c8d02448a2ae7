import type { CliIo } from '../cli-io.js';

/** Reports how far long work got; a no-op unless stderr is a terminal. */
export interface Progress {
  /** `done` of `total` steps of `label` (`rendering claude-code`). */
  update(label: string, done: number, total: number): void;
  /** Clear the progress line (before printing the result). */
  end(): void;
}

/** Work shorter than this shows no progress at all. */
export const PROGRESS_DELAY_MS = 1000;
const REDRAW_MS = 100;

/**
 * A one-line progress display on stderr (`skillpack build: rendering codex 120/300`), redrawn at most ten
 * times a second and only once the work has run for a second, so fast commands and piped output stay
 * silent.
 */
export function createProgress(io: CliIo, command: string): Progress {
  if (!io.interactive) return { update() {}, end() {} };
  const now = io.now ?? (() => performance.now());
  const started = now();
  let drawnAt: number | undefined;
  return {
    update(label, done, total) {
      const at = now();
      if (at - started < PROGRESS_DELAY_MS) return;
      if (drawnAt !== undefined && at - drawnAt < REDRAW_MS && done < total) return;
      drawnAt = at;
      io.stderr(`\r\x1b[2Kskillpack ${command}: ${label} ${done}/${total}`);
    },
    end() {
      if (drawnAt !== undefined) io.stderr('\r\x1b[2K');
      drawnAt = undefined;
    },
  };
}
