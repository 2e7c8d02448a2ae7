import { type ContractToolCall, describeValue, fail, ok, ProtocolError, type Result } from '@skillpack/core';
import { GEMINI_SHELL_TOOL, shellOutcomeOfResponse } from './shell-exit.js';

/** A tool call of the transcript, as a tool-delivered contract reads it (`id`: the stream-json `tool_id`). */
export interface GeminiTranscriptCall extends ContractToolCall {
  readonly id: string;
}

interface TranscriptMessage {
  readonly type: string;
  readonly text: string;
  /** The record carries `toolCalls` (Gemini CLI writes them onto the model's record once it makes them). */
  readonly callsTools: boolean;
  readonly calls: readonly GeminiTranscriptCall[];
  /** A `user` record's text as the AfterAgent payload's `prompt` gives it; none for function responses. */
  readonly written: string | undefined;
}

/**
 * How a recorded call ended (0.61.0 records a call once it ended: `success`, `error` — a call Gemini CLI refused
 * itself, such as arguments its schema check rejects, included — or `cancelled`); anything else never ended. A shell
 * call recorded `success` whose command exited non-zero or was ended by a signal, its timeout or a cancellation failed,
 * and one that went on in the background is `unconfirmed` (`shell-exit.ts`).
 */
const CALL_STATUS: Readonly<Record<string, string>> = {
  success: 'completed',
  error: 'error',
  cancelled: 'declined',
};

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
    const calls = type === 'gemini' ? toolCallsOf(record.toolCalls) : [];
    const callsTools = Array.isArray(record.toolCalls) && record.toolCalls.length > 0;
    const written = type === 'user' ? writtenText(record.content) : undefined;
    this.messages.set(id, { type, text: contentText(record.content), callsTools, calls, written });
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

  /**
   * The tool calls of the current turn: every call the model's records made after the last `user` record whose
   * text is `prompt` (the AfterAgent payload's `prompt`, the person's message of this turn; a hook's push-back is
   * recorded as a `user` record of its reason, and stays in the turn). A call from an earlier prompt of the
   * session never counts; a turn whose prompt is not recorded gives no calls, never a guess.
   */
  turnCalls(prompt: string, path: string): Result<readonly GeminiTranscriptCall[], ProtocolError> {
    if (this.brokenLast) return fail(partial(path));
    let calls: GeminiTranscriptCall[] | undefined;
    for (const message of this.messages.values()) {
      if (message.type === 'user' && message.written === prompt) calls = [];
      else if (calls !== undefined) calls.push(...message.calls);
    }
    if (calls !== undefined) return ok(calls);
    return fail(
      new ProtocolError(
        'transcript_turn_not_found',
        `The Gemini CLI transcript ${describeValue(path)} holds no user message ${describeValue(prompt)} (the payload's prompt), so the calls of this turn cannot be told from earlier ones.`,
        { details: { path, runtime: 'gemini-cli' } },
      ),
    );
  }

  /** The final answer by the rule above, or why there is none. */
  answer(path: string): Result<string, ProtocolError> {
    if (this.brokenLast) return fail(partial(path));
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

function partial(path: string): ProtocolError {
  return new ProtocolError(
    'transcript_partial',
    `The transcript ${describeValue(path)} ends inside a line; its last message cannot be read yet.`,
    { details: { path, runtime: 'gemini-cli' } },
  );
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

/** A `gemini` record's `toolCalls`, as calls (a call without an id or name is no call this reader can use). */
function toolCallsOf(toolCalls: unknown): GeminiTranscriptCall[] {
  if (!Array.isArray(toolCalls)) return [];
  const calls: GeminiTranscriptCall[] = [];
  for (const call of toolCalls) {
    if (!isRecord(call) || typeof call.id !== 'string' || typeof call.name !== 'string') continue;
    const ended = typeof call.status === 'string' && Object.hasOwn(CALL_STATUS, call.status);
    const reported = ended ? CALL_STATUS[call.status as string]! : 'pending';
    const outputs =
      call.name === GEMINI_SHELL_TOOL && reported === 'completed' ? responseOutputs(call.result) : [];
    const outcomes = outputs.map(shellOutcomeOfResponse);
    const status =
      outcomes.find((outcome) => outcome.status === 'error')?.status ??
      outcomes.find((outcome) => outcome.status === 'unconfirmed')?.status ??
      reported;
    calls.push({
      id: call.id,
      name: call.name,
      input: call.args,
      status,
      ...(status === 'unconfirmed' ? { output: outputs.join('\n') } : {}),
    });
  }
  return calls;
}

/** A shell call's recorded function responses (`result[].functionResponse.response.output`). */
function responseOutputs(result: unknown): string[] {
  if (!Array.isArray(result)) return [];
  return result.flatMap((part) => {
    const response =
      isRecord(part) && isRecord(part.functionResponse) ? part.functionResponse.response : undefined;
    return isRecord(response) && typeof response.output === 'string' ? [response.output] : [];
  });
}

/**
 * A `user` record's text as `partToString` gives the payload's `prompt` (its parts' `text` joined), without the
 * `<hook_context>` part a BeforeAgent hook adds after the prompt is taken; `undefined` for function responses.
 */
function writtenText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  if (content.some((part) => isRecord(part) && part.functionResponse !== undefined)) return undefined;
  return content
    .filter(
      (part) => isRecord(part) && typeof part.text === 'string' && !part.text.startsWith('<hook_context>'),
    )
    .map((part) => (part as { text: string }).text)
    .join('');
}
