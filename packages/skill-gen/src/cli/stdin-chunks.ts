import { read } from 'node:fs';

const CHUNK_BYTES = 64 * 1024;

/** One read of `fd`: the bytes read (none at its end), in a buffer of their own size. */
function readChunk(fd: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    read(fd, buffer, 0, CHUNK_BYTES, null, (error, bytesRead) => {
      if (error) reject(error);
      // A short read is copied: a kept chunk must not hold the whole buffer.
      else
        resolve(bytesRead === CHUNK_BYTES ? buffer : Uint8Array.prototype.slice.call(buffer, 0, bytesRead));
    });
  });
}

/**
 * The process's standard input as chunks, read from its descriptor (`fd`) with `fs.read` rather than through
 * `process.stdin`, whose stream and socket modules cost ≈ 3 ms of a `skillpack parse` of a tiny run. Pulled
 * one read at a time; a non-blocking descriptor (`EAGAIN`) is read on through `stream()`, as is every input
 * on Windows.
 */
export async function* stdinChunks(
  stream: () => AsyncIterable<Uint8Array | string> = () => process.stdin,
  { fd = 0, platform = process.platform }: { fd?: number; platform?: NodeJS.Platform } = {},
): AsyncGenerator<Uint8Array | string> {
  if (platform !== 'win32') {
    for (;;) {
      let chunk: Uint8Array;
      try {
        chunk = await readChunk(fd);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
        break;
      }
      if (chunk.byteLength === 0) return;
      yield chunk;
    }
  }
  yield* stream();
}
