import { spawnSync } from 'node:child_process';
import { closeSync, constants, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { stdinChunks } from '../../src/cli/stdin-chunks.js';
import { tempDir } from '../_support/temp.js';

async function collected(chunks: AsyncIterable<Uint8Array | string>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts).toString('utf8');
}

const fromStream = (text: string) => () => Readable.from([Buffer.from(text)]);

describe('stdinChunks', () => {
  it('reads its descriptor to the end in chunks of their own size, without the stream', async () => {
    const file = join(tempDir('skillpack-stdin-chunks-'), 'input');
    const text = `${'x'.repeat(200_000)}\n{"acceptance":"pass"}\n`;
    writeFileSync(file, text);
    const fd = openSync(file, 'r');
    try {
      const chunks: Uint8Array[] = [];
      for await (const chunk of stdinChunks(fromStream('never read'), { fd }))
        chunks.push(chunk as Uint8Array);
      expect(Buffer.concat(chunks).toString('utf8')).toBe(text);
      // A short read keeps no 64 KiB buffer alive behind it.
      for (const chunk of chunks) expect(chunk.buffer.byteLength).toBe(chunk.byteLength);
    } finally {
      closeSync(fd);
    }
  });

  it('reads a non-blocking descriptor (EAGAIN) on through the stream', async () => {
    // A FIFO opened read-write and non-blocking: nothing written yet, so its first read is EAGAIN.
    const fifo = join(tempDir('skillpack-stdin-chunks-fifo-'), 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const fd = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK);
    try {
      expect(await collected(stdinChunks(fromStream('from the stream'), { fd }))).toBe('from the stream');
    } finally {
      closeSync(fd);
    }
  });

  it('reads through the stream on Windows', async () => {
    expect(await collected(stdinChunks(fromStream('windows'), { fd: -1, platform: 'win32' }))).toBe(
      'windows',
    );
  });

  it('throws what the read failed with', async () => {
    await expect(collected(stdinChunks(fromStream('unused'), { fd: 987_654 }))).rejects.toMatchObject({
      code: 'EBADF',
    });
  });

  it("is the process's stdin: a pipe and a file read whole", () => {
    const script = `import { stdinChunks } from ${JSON.stringify(new URL('../../dist/cli/stdin-chunks.js', import.meta.url).href)};\nlet n = 0; for await (const chunk of stdinChunks()) n += chunk.length; process.stdout.write(String(n));`;
    const input = 'y'.repeat(300_000);
    const piped = spawnSync(process.execPath, ['--input-type=module', '--eval', script], {
      input,
      encoding: 'utf8',
    });
    expect(piped.stdout.trim()).toBe(String(input.length));
    const file = join(tempDir('skillpack-stdin-chunks-file-'), 'input');
    writeFileSync(file, input);
    const fromFile = spawnSync(process.execPath, ['--input-type=module', '--eval', script], {
      stdio: [openSync(file, 'r'), 'pipe', 'pipe'],
      encoding: 'utf8',
    });
    expect(fromFile.stdout.trim()).toBe(String(readFileSync(file).length));
  });
});
