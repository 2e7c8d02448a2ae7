import { describeValue, fail, ok, ProtocolError, type Result } from '@skillpack/core';

interface TranscriptMessage {
  readonly type: string;
  readonly text: string;
  /** The record carries `toolCalls` (Gemini CLI writes them onto the model's record once it makes them). */
  readonly callsTools: boolean;
}

/**
 * The final answer in a Gemini CLI session transcript (`transcript_path` of the AfterAgent hook,
 * `~/.gemini/tmp/<project>/chats/session-*.jsonl`), read the way the CLI's own `loadConversationRecord` reads
 * it (0.61.0): JSONL of a metadata record (`sessionId`, `projectHash`, maybe `messages`), message records
 * (`id`, `type` `user`|`gemini`|…, `content`) kept in first-seen order with a repeated id replacing its record in
 * place, `{"$set":{"messages":[…]}}` replacing them all, and `{"$rewindTo":id}` dropping that message and every
 * later one (all of them when the id is unknown).
 *
 * The answer is the `content` of the last conversational message (`user` or `gemini`) when that message is the
 * model's, has text and calls no tools (`toolCalls`: its text is narration before the calls, as the stream reader
 * reads the same turn). The CLI records the model's message before it runs the AfterAgent hook (seen in 0.61.0
 * captures, first stop and retry), so that is the answer the hook is judging. Anything else (the last message
 * is the user's, such as a block reason whose retry is not recorded yet; a message with no text; a line cut in
 * the middle) gives no answer: the hook cannot judge, rather than judge a stale one.
 *
 * Why not the payload: its `prompt_response` is `hookState.cumulativeResponse`, every turn's text joined by
 * newlines (narration before tool calls and rejected answers included), each turn's streamed chunks joined by
 * spaces (`Turn.getResponseText`); no rule recovers the final answer from it.
 */
export class GeminiTranscript {
  private readonly messages = new Map<string, TranscriptMessage>();
  private brokenLast = false;
  private lines = 0;

  /** Feed one line of the file (without its terminator). */
  add(line: string): void {
    if (line.trim() === '') return;
    this.lines++;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      this.brokenLast = true;
      return;
    }
    this.brokenLast = false;
    if (!isRecord(record)) return;
    if (typeof record.$rewindTo === 'string') this.rewind(record.$rewindTo);
    else if (typeof record.id === 'string') this.set(record);
    else if (isRecord(record.$set)) {
      if (Array.isArray(record.$set.messages)) this.replaceAll(record.$set.messages);
    } else if (typeof record.sessionId === 'string' && Array.isArray(record.messages)) {
      for (const message of record.messages)
        if (isRecord(message) && typeof message.id === 'string') this.set(message);
    }
  }

  private set(record: Readonly<Record<string, unknown>>): void {
    const id = record.id as string;
    const type = typeof record.type === 'string' ? record.type : '';
    const callsTools = Array.isArray(record.toolCalls) && record.toolCalls.length > 0;
    this.messages.set(id, { type, text: contentText(record.content), callsTools });
  }

  private replaceAll(messages: readonly unknown[]): void {
    this.messages.clear();
    for (const message of messages)
      if (isRecord(message) && typeof message.id === 'string') this.set(message);
  }

  private rewind(id: string): void {
    if (!this.messages.has(id)) {
      this.messages.clear();
      return;
    }
    let found = false;
    for (const key of [...this.messages.keys()]) {
      if (key === id) found = true;
      if (found) this.messages.delete(key);
    }
  }

  /** The final answer by the rule above, or why there is none. */
  answer(path: string): Result<string, ProtocolError> {
    if (this.brokenLast) {
      return fail(
        new ProtocolError(
          'transcript_partial',
          `The transcript ${describeValue(path)} ends inside a line; its last message cannot be read yet.`,
          { details: { path, runtime: 'gemini-cli' } },
        ),
      );
    }
    let last: TranscriptMessage | undefined;
    for (const message of this.messages.values()) {
      if (message.type === 'user' || message.type === 'gemini') last = message;
    }
    if (last?.type === 'gemini' && !last.callsTools && last.text.trim() !== '') return ok(last.text);
    const why =
      last === undefined
        ? this.lines === 0
          ? 'it is empty'
          : 'it holds no user or model message'
        : last.type === 'user'
          ? "its last message is the user's, so the answer being judged is not recorded yet"
          : last.callsTools
            ? 'its last model message calls tools, so its text is narration before them, not a final answer'
            : 'its last model message has no text';
    return fail(
      new ProtocolError(
        'no_message_in_transcript',
        `The Gemini CLI transcript ${describeValue(path)} gives no final answer: ${why}.`,
        { details: { path, runtime: 'gemini-cli' } },
      ),
    );
  }
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A message's text: a `gemini` record's string, or the `text` parts of a parts array (thoughts left out). */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((part) => isRecord(part) && typeof part.text === 'string' && part.thought !== true)
    .map((part) => (part as { text: string }).text)
    .join('');
}
