/**
 * The end of the line starting at `start`, like Rust's `str::lines`: `{ end, next }` where `text.slice(start,
 * end)` is the line without its terminator (`\n`, or `\r\n`) and `next` is where the following line starts.
 * `undefined` once `start` is past the last line; a final line without `\n` keeps a trailing `\r`.
 */
export function nextLine(text: string, start: number): { end: number; next: number } | undefined {
  if (start >= text.length) return undefined;
  const newline = text.indexOf('\n', start);
  if (newline === -1) return { end: text.length, next: text.length };
  const end = newline > start && text.charCodeAt(newline - 1) === 0x0d ? newline - 1 : newline;
  return { end, next: newline + 1 };
}

/**
 * Split text into lines like Rust's `str::lines`: on `\n` or `\r\n`, without an empty piece after a final
 * newline. A bare `\r` is not a terminator.
 */
export function splitLines(text: string): string[] {
  const lines: string[] = [];
  for (let span = nextLine(text, 0), start = 0; span; start = span.next, span = nextLine(text, start)) {
    lines.push(text.slice(start, span.end));
  }
  return lines;
}
