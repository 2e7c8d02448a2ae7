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

const OPEN_MESSAGE_LIMIT = 64;

/** The texts of the messages still open, each made of parts (`JoinedParts`); the oldest past 64 is let go. */
export class JoinedMessages {
  private readonly messages = new Map<string, JoinedParts>();

  /** Set part `partId` of message `messageId`; the message's text so far. */
  set(messageId: string, partId: string, text: string): string {
    let parts = this.messages.get(messageId);
    if (!parts) {
      parts = new JoinedParts();
      this.messages.set(messageId, parts);
      if (this.messages.size > OPEN_MESSAGE_LIMIT) {
        this.messages.delete(this.messages.keys().next().value as string);
      }
    }
    return parts.set(partId, text);
  }

  /** The text of message `messageId`, if it is still open. */
  text(messageId: string): string | undefined {
    return this.messages.get(messageId)?.text;
  }
}
