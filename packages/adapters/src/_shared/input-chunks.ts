import { StringDecoder } from 'node:string_decoder';
import { describeValue, ProtocolError } from '@skillpack/core';

/** An event already parsed: a message object an SDK yields (`{ type: … }`), read as one line of its runtime. */
export interface AgentEventObject {
  readonly type: string;
}

/** One chunk of an output: text, bytes, or an event object (an SDK's message or event). */
export type AgentRunChunk = string | Uint8Array | AgentEventObject;

/**
 * What the readers accept: a whole output, or its chunks as they arrive (a Node Readable is one), or the
 * event objects an SDK yields (`query()`, `runStreamed().events`, a Copilot session's events), async or not.
 */
export type AgentRunInput =
  | string
  | Uint8Array
  | AsyncIterable<AgentRunChunk>
  | Iterable<AgentEventObject | string | Uint8Array>;

// A whole Uint8Array is decoded a slice at a time, so a huge one never becomes one huge string at once.
const DECODE_SLICE = 1 << 20;

/**
 * Where `feedInput` delivers the input: text as text, bytes as the UTF-8 they are (not yet decoded), and an
 * object chunk as the one event it is (a sink without `object` skips them as invalid chunks).
 */
export interface ChunkSink {
  text(chunk: string): void;
  bytes(chunk: Uint8Array): void;
  object?(chunk: object): void;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function'
  );
}

function isSyncIterable(value: unknown): value is Iterable<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] === 'function'
  );
}

function inputError(code: string, message: string, details: Record<string, unknown>, cause?: unknown) {
  return new ProtocolError(code, message, { details, cause });
}

/**
 * A sink that decodes bytes to text for `push`, as UTF-8 across chunk boundaries (invalid sequences become
 * U+FFFD; a text chunk ends the bytes before it), dropping a leading byte-order mark. Call `end` after the
 * last chunk.
 */
export function decodingSink(push: (text: string) => void): ChunkSink & { end(): void } {
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
  return {
    text(chunk) {
      write(decoder.end());
      write(chunk);
    },
    bytes(chunk) {
      for (let offset = 0; offset < chunk.length; offset += DECODE_SLICE) {
        write(decoder.write(chunk.subarray(offset, offset + DECODE_SLICE)));
      }
    },
    end: () => write(decoder.end()),
  };
}

/**
 * Feed `input` to `sink` in order: a string or string chunk as text, a Uint8Array or byte chunk as bytes.
 * Never throws: an unusable input, chunk or a failing stream is reported through `onProblem` and ends or
 * skips that part.
 */
export async function feedInput(
  input: unknown,
  sink: ChunkSink,
  onProblem: (error: ProtocolError) => void,
): Promise<void> {
  if (typeof input === 'string') {
    sink.text(input);
    return;
  }
  if (input instanceof Uint8Array) {
    sink.bytes(input);
    return;
  }
  if (!isAsyncIterable(input) && !isSyncIterable(input)) {
    onProblem(
      inputError(
        'invalid_input',
        `Expected agent output as a string, a Uint8Array, an iterable or async iterable of chunks or event objects, or a Node Readable; received ${describeValue(input)}.`,
        { received: describeValue(input, 40) },
      ),
    );
    return;
  }
  let badChunks = 0;
  const feed = (chunk: unknown) => {
    if (typeof chunk === 'string') sink.text(chunk);
    else if (chunk instanceof Uint8Array) sink.bytes(chunk);
    else if (sink.object && typeof chunk === 'object' && chunk !== null) sink.object(chunk);
    else badChunks++;
  };
  try {
    // A sync iterable (an array of SDK messages) is read without an await per item.
    if (isAsyncIterable(input)) for await (const chunk of input) feed(chunk);
    else for (const chunk of input) feed(chunk);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : describeValue(cause);
    onProblem(inputError('input_error', `Reading the agent output failed: ${reason}.`, { reason }, cause));
  }
  if (badChunks > 0) {
    onProblem(
      inputError(
        'invalid_chunk',
        `Expected every chunk to be a string, a Uint8Array${sink.object ? ' or an event object' : ''}; skipped ${badChunks} other chunk(s).`,
        { skipped: badChunks },
      ),
    );
  }
}
