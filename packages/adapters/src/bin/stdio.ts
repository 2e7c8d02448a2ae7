// The hook's output through a plain file-descriptor write: it is one line, written before an explicit exit,
// so it must not wait in a stream buffer. (Input stays on `process.stdin`: a blocking read of a pipe on
// Node's thread pool would keep the process from exiting at its deadline.)
const fs = process.getBuiltinModule('node:fs');

function isRetryable(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'EAGAIN' || code === 'EWOULDBLOCK' || code === 'EINTR';
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
