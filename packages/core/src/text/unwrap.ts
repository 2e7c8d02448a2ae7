import { nextLine } from './lines.js';

/**
 * Given one line of a runtime's JSON event stream, the assistant text it carries, if any. A stateful
 * unwrapper (one pass over one output) may also hold text back until the output ends, and give it from
 * `end`, called once after the last line: a runtime with no terminal event (OpenCode) only shows at the end
 * that no failure followed a message.
 */
export interface UnwrapLine {
  (line: string): string | undefined;
  readonly end?: (() => string | undefined) | undefined;
}

/**
 * The lines an agent wrote: each raw line is offered to `unwrapLine`; when it yields text, that text's lines
 * replace the raw line (an empty text yields none), otherwise the raw line stands; the text of
 * `unwrapLine.end`, if any, follows the last line. Lines split like Rust's `str::lines`, as the Conflux
 * runtime does.
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
  const held = typeof unwrapLine?.end === 'function' ? unwrapLine.end() : undefined;
  if (typeof held === 'string') yield* agentTextLines(held);
}
