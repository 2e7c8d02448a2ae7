import type { CliIo } from './io.js';

/** Reports how far long work got; a no-op unless stderr is a terminal. */
export interface Progress {
  /** `done` of `total` steps of `label` (`rendering claude-code`); `total` 0 for a step of unknown length. */
  update(label: string, done: number, total: number): void;
  /** Clear the progress line (before printing the result). */
  end(): void;
}

/** Work shorter than this shows no progress at all. */
export const PROGRESS_DELAY_MS = 1000;
const REDRAW_MS = 100;

/**
 * A one-line progress display on stderr (`skillpack build: rendering codex 120/300`), drawn only once the
 * work has run for a second (so fast commands and piped output stay silent) and redrawn at most ten times a
 * second: on each update, and from a timer while a long step runs without updates.
 */
export function createProgress(io: CliIo, command: string): Progress {
  // Not `performance.now`: the global loads perf_hooks, ≈ 10 modules, on first use.
  const now = io.now ?? (() => Number(process.hrtime.bigint()) / 1e6);
  const started = now();
  // Asked at the first update: a command that reports none never looks at stderr (a process's is a stream to create).
  let interactive: boolean | undefined;
  let state: { label: string; done: number; total: number } | undefined;
  let drawnAt: number | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  const draw = (force: boolean) => {
    const at = now();
    if (!state || at - started < PROGRESS_DELAY_MS) return;
    if (!force && drawnAt !== undefined && at - drawnAt < REDRAW_MS) return;
    drawnAt = at;
    const count = state.total > 0 ? ` ${state.done}/${state.total}` : '…';
    io.stderr(`\r\x1b[2Kskillpack ${command}: ${state.label}${count}`);
  };
  return {
    update(label, done, total) {
      interactive ??= io.interactive === true;
      if (!interactive) return;
      state = { label, done, total };
      draw(total > 0 && done >= total);
      if (!timer) {
        timer = setInterval(() => draw(false), REDRAW_MS);
        timer.unref();
      }
    },
    end() {
      if (timer) clearInterval(timer);
      timer = undefined;
      if (drawnAt !== undefined) io.stderr('\r\x1b[2K');
      drawnAt = undefined;
      state = undefined;
    },
  };
}
