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
 * Call `visit` with each line of `text` (split like Rust's `str::lines`, see `nextLine`) until it returns
 * `true`; returns whether it did. Allocates nothing but the line strings.
 */
export function forEachLine(text: string, visit: (line: string) => boolean | undefined): boolean {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    let next: number;
    if (end === -1) {
      end = text.length;
      next = end;
    } else {
      next = end + 1;
      if (end > start && text.charCodeAt(end - 1) === 0x0d) end--;
    }
    if (visit(text.slice(start, end))) return true;
    start = next;
  }
  return false;
}

/**
 * Split text into lines like Rust's `str::lines`: on `\n` or `\r\n`, without an empty piece after a final
 * newline. A bare `\r` is not a terminator.
 */
export function splitLines(text: string): string[] {
  const lines: string[] = [];
  forEachLine(text, (line) => {
    lines.push(line);
    return false;
  });
  return lines;
}
