/** The last `limit` bytes of a stream, kept as chunks so memory stays bounded whatever the stream's size. */
export class ByteTail {
  private chunks: Buffer[] = [];
  private size = 0;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    if (this.limit <= 0) return;
    const piece = chunk.length > this.limit ? chunk.subarray(chunk.length - this.limit) : chunk;
    this.chunks.push(Buffer.from(piece));
    this.size += piece.length;
    while (this.size > this.limit && this.chunks.length > 0) {
      const first = this.chunks[0] as Buffer;
      const excess = this.size - this.limit;
      if (first.length <= excess) {
        this.chunks.shift();
        this.size -= first.length;
      } else {
        this.chunks[0] = first.subarray(excess);
        this.size -= excess;
      }
    }
  }

  /** The kept bytes as UTF-8 (a character cut at the start becomes U+FFFD). */
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}
