const { isUtf8 } = process.getBuiltinModule('node:buffer');

/**
 * stdin read once and replayable: the hook's fast path reads it whole, and when it cannot decide, the whole
 * hook reads the same bytes (those read so far, then the rest) as if from the start. Reading stops past
 * `maxBytes` (the whole hook then sees more than its limit and says so), so memory stays bounded.
 */
export class StdinTap {
  private readonly chunks: Uint8Array[] = [];
  private total = 0;
  private ended = false;
  private failure: { readonly error: unknown } | undefined;
  private readonly waiting: (() => void)[] = [];

  constructor(stream: NodeJS.ReadableStream, maxBytes: number) {
    stream.on('data', (chunk: Uint8Array | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      this.chunks.push(bytes);
      this.total += bytes.byteLength;
      if (this.total > maxBytes) {
        stream.pause();
        this.ended = true;
      }
      this.wake();
    });
    stream.on('end', () => {
      this.ended = true;
      this.wake();
    });
    stream.on('error', (error: unknown) => {
      this.failure = { error };
      this.wake();
    });
  }

  private wake(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  private changed(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** The whole input as text (as the whole hook decodes it), or `undefined` when reading failed or went past the limit. */
  async whole(maxBytes: number): Promise<string | undefined> {
    while (!this.ended && !this.failure) await this.changed();
    if (this.failure || this.total > maxBytes) return undefined;
    const bytes = Buffer.concat(this.chunks);
    // Valid UTF-8 without a BOM decodes the same either way, and `toString` loads no decoder.
    if (isUtf8(bytes) && !(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf))
      return bytes.toString('utf8');
    return new TextDecoder('utf-8').decode(bytes);
  }

  /** Every byte from the start, the rest as it arrives; a read error is thrown where it happened. */
  async *replay(): AsyncGenerator<Uint8Array> {
    let next = 0;
    for (;;) {
      while (next < this.chunks.length) yield this.chunks[next++]!;
      if (this.failure) throw this.failure.error;
      if (this.ended) return;
      await this.changed();
    }
  }
}
