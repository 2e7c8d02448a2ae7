import { utf8ByteLength } from './utf8.js';

export interface LineSink {
  /** A complete line without its `\n` (and without one trailing `\r`); `number` is 1-based. */
  line(number: number, text: string): void;
  /** A line longer than the limit; its content was dropped while it streamed past. */
  tooLong(number: number, bytes: number): void;
}

export interface LineSplitter {
  push(chunk: string): void;
  /** Flush the last line when the input did not end with a newline. */
  end(): void;
  readonly lineCount: number;
}

/**
 * Split string chunks into lines, holding at most one line (up to `maxLineBytes` of UTF-8) in memory.
 * A longer line is reported through `tooLong` and its content discarded as it arrives.
 */
export function createLineSplitter(maxLineBytes: number, sink: LineSink): LineSplitter {
  let parts: string[] = [];
  let pendingLength = 0;
  let overflowBytes = -1;
  let lineCount = 0;

  function emit(text: string): void {
    lineCount++;
    const line = text.endsWith('\r') ? text.slice(0, -1) : text;
    // A UTF-16 unit is at least one UTF-8 byte and at most three, so only a borderline line is measured.
    if (line.length > maxLineBytes) sink.tooLong(lineCount, utf8ByteLength(line));
    else if (line.length * 3 > maxLineBytes && utf8ByteLength(line) > maxLineBytes) {
      sink.tooLong(lineCount, utf8ByteLength(line));
    } else sink.line(lineCount, line);
  }

  function completeLine(chunk: string, start: number, end: number): void {
    if (overflowBytes >= 0) {
      lineCount++;
      sink.tooLong(lineCount, overflowBytes + utf8ByteLength(chunk.slice(start, end)));
      overflowBytes = -1;
      return;
    }
    if (parts.length === 0) {
      emit(chunk.slice(start, end));
      return;
    }
    parts.push(chunk.slice(start, end));
    const text = parts.join('');
    parts = [];
    pendingLength = 0;
    emit(text);
  }

  function carry(piece: string): void {
    if (piece.length === 0) return;
    if (overflowBytes >= 0) {
      overflowBytes += utf8ByteLength(piece);
      return;
    }
    parts.push(piece);
    pendingLength += piece.length;
    if (pendingLength > maxLineBytes) {
      overflowBytes = 0;
      for (const part of parts) overflowBytes += utf8ByteLength(part);
      parts = [];
      pendingLength = 0;
    }
  }

  return {
    get lineCount() {
      return lineCount;
    },
    push(chunk) {
      let start = 0;
      for (;;) {
        const newline = chunk.indexOf('\n', start);
        if (newline === -1) break;
        completeLine(chunk, start, newline);
        start = newline + 1;
      }
      if (start < chunk.length) carry(start === 0 ? chunk : chunk.slice(start));
    },
    end() {
      if (overflowBytes >= 0 || parts.length > 0) completeLine('', 0, 0);
    },
  };
}
