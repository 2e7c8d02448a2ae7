/** Given one line of a runtime's JSON event stream, the assistant text it carries, if any. */
export type UnwrapLine = (line: string) => string | undefined;

/**
 * The lines an agent wrote: each raw line is offered to `unwrapLine`; when it yields text, that text's lines
 * replace the raw line, otherwise the raw line stands.
 */
export function* agentTextLines(text: string, unwrapLine?: UnwrapLine): Generator<string> {
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    if (end === text.length && start === end) return;
    let line = text.slice(start, end);
    if (line.endsWith('\r')) line = line.slice(0, -1);
    start = end + 1;
    const unwrapped = unwrapLine ? unwrapLine(line) : undefined;
    if (unwrapped === undefined) {
      yield line;
      continue;
    }
    yield* agentTextLines(unwrapped);
  }
}
