import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { createProgress, PROGRESS_DELAY_MS } from '../../src/cli/progress.js';

function terminal(interactive: boolean) {
  let clock = 0;
  let stderr = '';
  const io: CliIo = {
    stdout: () => {},
    stderr: (text) => {
      stderr += text;
    },
    stdin: Readable.from([]),
    cwd: '/',
    env: {},
    interactive,
    now: () => clock,
  };
  return {
    io,
    advance: (ms: number) => {
      clock += ms;
    },
    stderr: () => stderr,
  };
}

describe('createProgress', () => {
  it('stays silent when stderr is not a terminal, however long the work', () => {
    const term = terminal(false);
    const progress = createProgress(term.io, 'build');
    term.advance(10 * PROGRESS_DELAY_MS);
    progress.update('writing', 1, 2);
    progress.end();
    expect(term.stderr()).toBe('');
  });

  it('stays silent for work under a second on a terminal', () => {
    const term = terminal(true);
    const progress = createProgress(term.io, 'build');
    term.advance(PROGRESS_DELAY_MS - 1);
    progress.update('writing', 1, 2);
    progress.end();
    expect(term.stderr()).toBe('');
  });

  it('draws one line after a second, redraws at most every 100 ms, and clears it at the end', () => {
    const term = terminal(true);
    const progress = createProgress(term.io, 'build');
    term.advance(PROGRESS_DELAY_MS);
    progress.update('rendering codex', 1, 4);
    term.advance(10);
    progress.update('rendering codex', 2, 4);
    term.advance(100);
    progress.update('writing', 3, 300);
    progress.end();
    expect(term.stderr()).toBe(
      '\r\x1b[2Kskillpack build: rendering codex 1/4\r\x1b[2Kskillpack build: writing 3/300\r\x1b[2K',
    );
  });

  it('shows a step of unknown length with an ellipsis', () => {
    const term = terminal(true);
    const progress = createProgress(term.io, 'build');
    term.advance(PROGRESS_DELAY_MS);
    progress.update('reading skill sources', 0, 0);
    progress.end();
    expect(term.stderr()).toBe('\r\x1b[2Kskillpack build: reading skill sources…\r\x1b[2K');
  });
});
