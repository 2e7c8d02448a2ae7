import { writeSync } from 'node:fs';

/** Text written to one of the process's output descriptors. */
export interface ProcessOutput {
  write(text: string): void;
  /** Call `done` once everything written is flushed. */
  flush(done: () => void): void;
}

/**
 * Output to descriptor `fd` written with `fs.writeSync` (as Node itself writes files, pipes and terminals on
 * Linux), so that a command that prints a line does not create `process.stdout` or `process.stderr`, whose
 * stream and socket modules cost ≈ 2.4 ms of a `skillpack parse` of a tiny run. What a synchronous write
 * cannot take (a full non-blocking pipe, a closed one) and all later output go to `stream()`, which then
 * reports its own errors as before; on Windows every write does.
 */
export function processOutput(
  fd: number,
  stream: () => NodeJS.WritableStream,
  platform: NodeJS.Platform = process.platform,
): ProcessOutput {
  let streamed = platform === 'win32';
  return {
    write(text) {
      if (streamed) {
        stream().write(text);
        return;
      }
      const bytes = Buffer.from(text, 'utf8');
      let written = 0;
      try {
        while (written < bytes.byteLength) written += writeSync(fd, bytes, written);
      } catch {
        streamed = true;
        stream().write(bytes.subarray(written));
      }
    },
    flush(done) {
      if (streamed) stream().write('', done);
      else done();
    },
  };
}
