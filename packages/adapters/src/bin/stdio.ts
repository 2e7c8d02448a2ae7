// The hook's stdin and stdout through plain file-descriptor calls: Node's stream objects for them cost
// a few milliseconds of start-up on every stop, and the hook reads one document and writes one line.
const fs = process.getBuiltinModule('node:fs');

const CHUNK_BYTES = 64 * 1024;

function isRetryable(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'EAGAIN' || code === 'EWOULDBLOCK' || code === 'EINTR';
}

function readChunk(fd: number, buffer: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const attempt = () =>
      fs.read(fd, buffer, 0, buffer.length, null, (error, bytesRead) => {
        // A descriptor the parent left non-blocking answers EAGAIN until data arrives.
        if (error && isRetryable(error)) setTimeout(attempt, 2);
        else if (error) reject(error);
        else resolve(bytesRead);
      });
    attempt();
  });
}

/** The bytes of `fd` until end of input; a closed descriptor reads as empty. */
export async function* readDescriptor(fd: number): AsyncGenerator<Uint8Array> {
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  for (;;) {
    let bytesRead: number;
    try {
      bytesRead = await readChunk(fd, buffer);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EBADF') return;
      throw error;
    }
    if (bytesRead === 0) return;
    yield Buffer.from(buffer.subarray(0, bytesRead));
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Write all of `text` to `fd`, waiting out a full non-blocking pipe; errors are dropped (nothing to tell). */
export function writeDescriptor(fd: number, text: string): void {
  let bytes = Buffer.from(text, 'utf8');
  for (let attempts = 0; bytes.length > 0 && attempts < 1000; attempts++) {
    try {
      bytes = bytes.subarray(fs.writeSync(fd, bytes));
    } catch (error) {
      if (!isRetryable(error)) return;
      Atomics.wait(pause, 0, 0, 5);
    }
  }
}
