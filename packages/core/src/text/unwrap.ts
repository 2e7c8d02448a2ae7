import { nextLine } from './lines.js';

/** Given one line of a runtime's JSON event stream, the assistant text it carries, if any. */
export type UnwrapLine = (line: string) => string | undefined;

/**
 * The lines an agent wrote: each raw line is offered to `unwrapLine`; when it yields text, that text's lines
 * replace the raw line (an empty text yields none), otherwise the raw line stands. Lines split like Rust's
 * `str::lines`, as the Conflux runtime does.
 */
export function* agentTextLines(text: string, unwrapLine?: UnwrapLine): Generator<string> {
  for (let span = nextLine(text, 0), start = 0; span; start = span.next, span = nextLine(text, start)) {
    const line = text.slice(start, span.end);
    const unwrapped = unwrapLine ? unwrapLine(line) : undefined;
    if (typeof unwrapped !== 'string') {
      yield line;
      continue;
    }
    yield* agentTextLines(unwrapped);
  }
}
