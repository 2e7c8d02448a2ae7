import { describeValue, fail, ok, ProtocolError, type Result } from '@skillpack/core';

/**
 * Read a whole stream as UTF-8 text, giving up once it passes `maxBytes` (the caller owns the deadline).
 * Invalid UTF-8 becomes U+FFFD and a BOM is dropped.
 */
export async function readBoundedText(
  stream: AsyncIterable<Uint8Array | string>,
  maxBytes: number,
): Promise<Result<string, ProtocolError>> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
      total += bytes.byteLength;
      if (total > maxBytes) {
        return fail(
          new ProtocolError('input_too_large', `stdin holds more than ${maxBytes} bytes; not read further.`, {
            details: { maxBytes },
          }),
        );
      }
      chunks.push(bytes);
    }
  } catch (error) {
    return fail(
      new ProtocolError('input_unreadable', `stdin could not be read: ${describeValue(String(error))}.`, {
        cause: error,
      }),
    );
  }
  const joined = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return ok(new TextDecoder('utf-8').decode(joined));
}
