import type { Reply } from './reply.js';

/** The model APIs the scripted server speaks: Anthropic Messages, OpenAI Responses, Chat Completions, Gemini. */
export const MODEL_PROTOCOLS = [
  'anthropic-messages',
  'openai-responses',
  'chat-completions',
  'gemini-generate-content',
] as const;
/** A model API the scripted model speaks, one of `MODEL_PROTOCOLS`. */
export type ModelProtocol = (typeof MODEL_PROTOCOLS)[number];

/** What a protocol reader finds in a request body; every field has a safe empty value. */
export interface RequestSummary {
  /** The `model` field as sent. */
  readonly model: string | undefined;
  /** Model turns already in the history: runs of consecutive assistant messages or tool calls. */
  readonly turn: number;
  /** Text of the last user message or tool result (text blocks joined by newlines). */
  readonly lastMessage: string;
  /** Names of the tools the request declares (`type` for built-in tools without a name). */
  readonly tools: readonly string[];
  /** Every text the request carries (system prompt, messages, tool results), joined by newlines. */
  readonly text: string;
}

/** One request the scripted model received, as recorded for assertions. */
export interface ModelRequest extends RequestSummary {
  /** 0 for the first request this server received. */
  readonly index: number;
  readonly method: string;
  /** The request target as sent, with its query string (`/v1/messages?beta=true`). */
  readonly url: string;
  /** Lower-case header names, as Node's `IncomingMessage.headers` gives them (arrays joined by `, `). */
  readonly headers: Readonly<Record<string, string>>;
  /** The request body, decoded (gzip, deflate, br, zstd) and read as UTF-8. */
  readonly rawBody: string;
  /** The body parsed as JSON; `undefined` when it is not JSON. */
  readonly body: unknown;
  /** The API the URL belongs to; `undefined` for a path the server does not serve. */
  readonly protocol: ModelProtocol | undefined;
  /** The request declares at least one tool (a CLI's side request, such as a title request, may declare none). */
  readonly hasTools: boolean;
  /** Index of the reply rule that answered; `undefined` when none matched (the server then answered 500). */
  readonly rule: number | undefined;
  /** What the server answered. */
  readonly reply: Reply;
}
