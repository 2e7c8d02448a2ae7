import { StringDecoder } from 'node:string_decoder';
import { describeValue, ProtocolError } from '@skillpack/core';

/** What the readers accept: a whole output, or its chunks as they arrive (a Node Readable is one). */
export type AgentRunInput = string | Uint8Array | AsyncIterable<string | Uint8Array>;

const BYTE_SLICE = 1 << 20;

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function'
  );
}

function inputError(code: string, message: string, details: Record<string, unknown>, cause?: unknown) {
  return new ProtocolError(code, message, { details, cause });
}

/**
 * Feed `input` to `push` as decoded text, in order. Bytes are decoded as UTF-8 across chunk boundaries
 * (invalid sequences become U+FFFD); a leading byte-order mark is dropped. Never throws: an unusable input,
 * chunk or a failing stream is reported through `onProblem` and ends or skips that part.
 */
export async function feedInput(
  input: unknown,
  push: (text: string) => void,
  onProblem: (error: ProtocolError) => void,
): Promise<void> {
  const decoder = new StringDecoder('utf8');
  let started = false;
  const write = (text: string) => {
    if (text.length === 0) return;
    if (!started) {
      started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    push(text);
  };
  const writeBytes = (bytes: Uint8Array) => {
    for (let offset = 0; offset < bytes.length; offset += BYTE_SLICE) {
      write(decoder.write(bytes.subarray(offset, offset + BYTE_SLICE)));
    }
  };

  if (typeof input === 'string') {
    write(input);
    return;
  }
  if (input instanceof Uint8Array) {
    writeBytes(input);
    return write(decoder.end());
  }
  if (!isAsyncIterable(input)) {
    onProblem(
      inputError(
        'invalid_input',
        `Expected agent output as a string, a Uint8Array, an async iterable of chunks or a Node Readable; received ${describeValue(input)}.`,
        { received: describeValue(input, 40) },
      ),
    );
    return;
  }
  let badChunks = 0;
  try {
    for await (const chunk of input) {
      if (typeof chunk === 'string') {
        write(decoder.end());
        write(chunk);
      } else if (chunk instanceof Uint8Array) writeBytes(chunk);
      else badChunks++;
    }
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : describeValue(cause);
    onProblem(inputError('input_error', `Reading the agent output failed: ${reason}.`, { reason }, cause));
  }
  write(decoder.end());
  if (badChunks > 0) {
    onProblem(
      inputError(
        'invalid_chunk',
        `Expected every chunk to be a string or a Uint8Array; skipped ${badChunks} other chunk(s).`,
        { skipped: badChunks },
      ),
    );
  }
}
