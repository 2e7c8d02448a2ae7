import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { processOutput } from '../../src/cli/process-output.js';
import { tempDir } from '../_support/temp.js';

/** A stream that records what is written to it. */
function recorder() {
  const written: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      written.push(Buffer.from(chunk).toString('utf8'));
      done();
    },
  });
  return { written, stream };
}

describe('processOutput', () => {
  it('writes to its descriptor synchronously and never creates the stream', () => {
    const file = join(tempDir('skillpack-process-output-'), 'out');
    const fd = openSync(file, 'w');
    const sink = recorder();
    let created = 0;
    const output = processOutput(fd, () => {
      created++;
      return sink.stream;
    });
    output.write('{"ok":true}\n');
    output.write('é'.repeat(100_000));
    expect(readFileSync(file, 'utf8')).toBe(`{"ok":true}\n${'é'.repeat(100_000)}`);
    let flushed = false;
    output.flush(() => {
      flushed = true;
    });
    expect(flushed).toBe(true);
    expect(created).toBe(0);
    closeSync(fd);
  });

  it('hands what a synchronous write cannot take, and everything after it, to the stream', async () => {
    const sink = recorder();
    const output = processOutput(987_654, () => sink.stream);
    output.write('first\n');
    output.write('second\n');
    await new Promise<void>((resolve) => output.flush(resolve));
    expect(sink.written.join('')).toBe('first\nsecond\n');
  });

  it('writes through the stream on Windows', async () => {
    const sink = recorder();
    const output = processOutput(1, () => sink.stream, 'win32');
    output.write('windows\n');
    await new Promise<void>((resolve) => output.flush(resolve));
    expect(sink.written.join('')).toBe('windows\n');
  });
});
