import { isBlank, trimUnicodeWhitespace } from './whitespace.js';

/** How a trimmed line relates to Markdown code fences. */
export type FenceState = 'fence' | 'inside' | 'outside';

/** Tracks Markdown code fences line by line, so that text inside a fence is not read as prose. */
export interface FenceTracker {
  /** Classify one trimmed line and advance the state: fence lines and lines inside a fence are not text. */
  step(trimmedLine: string): FenceState;
  readonly open: boolean;
  /** The opening line's info string (`json` in ```` ```json ````) while a fence is open. */
  readonly info: string | undefined;
}

interface FenceRun {
  readonly char: string;
  readonly length: number;
}

function fenceRun(line: string): FenceRun | undefined {
  const char = line[0];
  if (char !== '`' && char !== '~') return undefined;
  let length = 1;
  while (line[length] === char) length++;
  return length >= 3 ? { char, length } : undefined;
}

/**
 * The Conflux runtime's fence rule: a line starting with at least three backticks or tildes opens a fence
 * when none is open; only a line of the same character, at least as long, with nothing but whitespace after
 * the run, closes it. So ```` ```json ```` never closes an open fence (it is `inside`), and an unclosed fence
 * swallows the rest of the input.
 */
export function createFenceTracker(): FenceTracker {
  let opener: FenceRun | undefined;
  let info: string | undefined;
  return {
    get open() {
      return opener !== undefined;
    },
    get info() {
      return info;
    },
    step(line) {
      const run = fenceRun(line);
      if (opener === undefined) {
        if (run === undefined) return 'outside';
        opener = run;
        info = trimUnicodeWhitespace(line.slice(run.length));
        return 'fence';
      }
      if (run && run.char === opener.char && run.length >= opener.length && isBlank(line.slice(run.length))) {
        opener = undefined;
        info = undefined;
        return 'fence';
      }
      return 'inside';
    },
  };
}
