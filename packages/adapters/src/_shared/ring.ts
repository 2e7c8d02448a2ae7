/**
 * The last `capacity` items pushed: all of them with `Infinity`, none with `0`. Old items are let go in
 * batches (the array is compacted once the dropped part outgrows the kept part) instead of one shift per push.
 */
export class Ring<T> {
  private items: T[] = [];
  private start = 0;

  constructor(private readonly capacity: number) {}

  /** Keep `item`; the item let go to make room (`item` itself when nothing is kept), if any. */
  push(item: T): T | undefined {
    if (this.capacity <= 0) return item;
    this.items.push(item);
    if (this.items.length - this.start <= this.capacity) return undefined;
    const dropped = this.items[this.start++];
    if (this.start > 64 && this.start * 2 > this.items.length) {
      this.items = this.items.slice(this.start);
      this.start = 0;
    }
    return dropped;
  }

  /** Visit the kept items newest first, while `visit` returns true. */
  newestWhile(visit: (item: T) => boolean): void {
    for (let i = this.items.length - 1; i >= this.start && visit(this.items[i]!); i--);
  }

  /** The kept items, oldest first. */
  toArray(): T[] {
    return this.start === 0 ? this.items : this.items.slice(this.start);
  }
}
