/**
 * The text of one message made of parts joined by newlines, where a part may be re-sent with more text.
 * Appending a part or updating the last one costs O(1) (string concatenation), so a message of n parts is
 * built in O(n); only updating an earlier part rejoins the whole message.
 */
export class JoinedParts {
  private readonly index = new Map<string, number>();
  private readonly texts: string[] = [];
  /** The joined text of every part before the last, or `undefined` when there is at most one part. */
  private head: string | undefined;
  private joined = '';

  /** The message's text so far. */
  get text(): string {
    return this.joined;
  }

  set(partId: string, text: string): string {
    const at = this.index.get(partId);
    if (at === undefined) {
      this.index.set(partId, this.texts.length);
      this.head = this.texts.length === 0 ? undefined : this.joined;
      this.texts.push(text);
    } else if (at === this.texts.length - 1) {
      this.texts[at] = text;
    } else {
      this.texts[at] = text;
      this.head = this.texts.slice(0, -1).join('\n');
    }
    const last = this.texts[this.texts.length - 1]!;
    this.joined = this.head === undefined ? last : `${this.head}\n${last}`;
    return this.joined;
  }
}
