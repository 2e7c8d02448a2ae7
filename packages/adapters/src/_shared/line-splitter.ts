import type { ChunkSink } from './input-chunks.js';
import { utf8ByteLength } from './utf8.js';

export interface LineSink {
  /** A complete line without its `\n` (and without one trailing `\r`); `number` is 1-based. */
  line(number: number, text: string): void;
  /** A line longer than the limit; its content was dropped while it streamed past. */
  tooLong(number: number, bytes: number): void;
  /** An item that arrived as an object (an SDK's event), already parsed; it takes a line number of its own. */
  object?(number: number, value: object): void;
}

export interface LineSplitter extends ChunkSink {
  /** Flush the last line when the input did not end with a newline. */
  end(): void;
  readonly lineCount: number;
}

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const BYTE_ORDER_MARK = '\ufeff';

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Decode carried pieces in order; consecutive byte pieces are joined first, a character may straddle them. */
function decodePieces(pieces: readonly (string | Buffer)[]): string {
  let text = '';
  let bytes: Buffer[] = [];
  for (const piece of pieces) {
    if (typeof piece !== 'string') {
      bytes.push(piece);
      continue;
    }
    if (bytes.length > 0) text += Buffer.concat(bytes).toString('utf8');
    bytes = [];
    text += piece;
  }
  if (bytes.length > 0) text += Buffer.concat(bytes).toString('utf8');
  return text;
}

/**
 * Split chunks into lines, holding at most one line (up to `maxLineBytes` of UTF-8) in memory. Bytes are
 * cut at `\n` before they are decoded, and each line is decoded on its own (invalid UTF-8 becomes U+FFFD),
 * so no line shares memory with its chunk and a chunk's text is never built. A leading byte-order mark is
 * dropped. A longer line is reported through `tooLong` and its content discarded as it arrives.
 */
export function createLineSplitter(maxLineBytes: number, sink: LineSink): LineSplitter {
  // The line so far: string and byte pieces in order, never both kinds unless the input mixes them.
  let pieces: (string | Buffer)[] = [];
  let onlyBytes = true;
  // A lower bound of the pieces' UTF-8 size (exact for bytes, UTF-16 units for text).
  let pendingSize = 0;
  let overflowBytes = -1;
  let lineCount = 0;

  function withinLimit(line: string): boolean {
    // A UTF-16 unit is at least one UTF-8 byte and at most three, so only a borderline line is measured.
    return (
      line.length * 3 <= maxLineBytes || (line.length <= maxLineBytes && utf8ByteLength(line) <= maxLineBytes)
    );
  }

  function emitText(text: string): void {
    lineCount++;
    let line = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (lineCount === 1 && line.startsWith(BYTE_ORDER_MARK)) line = line.slice(1);
    if (withinLimit(line)) sink.line(lineCount, line);
    else sink.tooLong(lineCount, utf8ByteLength(line));
  }

  function emitBytes(bytes: Buffer, start: number, end: number): void {
    lineCount++;
    if (end > start && bytes[end - 1] === CARRIAGE_RETURN) end--;
    if (
      lineCount === 1 &&
      end - start >= 3 &&
      bytes[start] === 0xef &&
      bytes[start + 1] === 0xbb &&
      bytes[start + 2] === 0xbf
    ) {
      start += 3;
    }
    if (end - start > maxLineBytes) sink.tooLong(lineCount, end - start);
    else sink.line(lineCount, bytes.toString('utf8', start, end));
  }

  function reset(): void {
    pieces = [];
    onlyBytes = true;
    pendingSize = 0;
  }

  /** End the line whose last piece is `last`. */
  function completeLine(last: string | Buffer): void {
    const size = typeof last === 'string' ? utf8ByteLength(last) : last.length;
    if (overflowBytes >= 0) {
      lineCount++;
      sink.tooLong(lineCount, overflowBytes + size);
      overflowBytes = -1;
      return;
    }
    if (pieces.length === 0) {
      if (typeof last === 'string') emitText(last);
      else emitBytes(last, 0, last.length);
      return;
    }
    pieces.push(last);
    const allBytes = onlyBytes && typeof last !== 'string';
    const whole = allBytes ? Buffer.concat(pieces as Buffer[]) : decodePieces(pieces);
    reset();
    if (typeof whole === 'string') emitText(whole);
    else emitBytes(whole, 0, whole.length);
  }

  function carry(piece: string | Buffer): void {
    if (piece.length === 0) return;
    if (overflowBytes >= 0) {
      overflowBytes += typeof piece === 'string' ? utf8ByteLength(piece) : piece.length;
      return;
    }
    // A carried piece outlives the chunk, whose buffer the caller may reuse: keep a copy of bytes.
    pieces.push(typeof piece === 'string' ? piece : Buffer.from(piece));
    if (typeof piece === 'string') onlyBytes = false;
    pendingSize += piece.length;
    if (pendingSize > maxLineBytes) {
      overflowBytes = 0;
      for (const part of pieces)
        overflowBytes += typeof part === 'string' ? utf8ByteLength(part) : part.length;
      reset();
    }
  }

  return {
    get lineCount() {
      return lineCount;
    },
    text(chunk) {
      let start = 0;
      for (;;) {
        const newline = chunk.indexOf('\n', start);
        if (newline === -1) break;
        completeLine(chunk.slice(start, newline));
        start = newline + 1;
      }
      if (start < chunk.length) carry(start === 0 ? chunk : chunk.slice(start));
    },
    bytes(chunk) {
      const bytes = asBuffer(chunk);
      let start = 0;
      for (;;) {
        const newline = bytes.indexOf(NEWLINE, start);
        if (newline === -1) break;
        if (pieces.length === 0 && overflowBytes < 0) emitBytes(bytes, start, newline);
        else completeLine(bytes.subarray(start, newline));
        start = newline + 1;
      }
      if (start < bytes.length) carry(bytes.subarray(start));
    },
    end() {
      if (overflowBytes >= 0 || pieces.length > 0) completeLine('');
    },
    ...(sink.object
      ? {
          object(value: object) {
            // Text before an object ends its line there: an object is never part of a line.
            if (overflowBytes >= 0 || pieces.length > 0) completeLine('');
            lineCount++;
            sink.object?.(lineCount, value);
          },
        }
      : {}),
  };
}
