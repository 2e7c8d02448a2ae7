import type { WireResponse } from '../_sse.js';
import type { ModelProtocol, RequestSummary } from '../model-request.js';
import type { Reply, ReplyPart } from '../reply.js';

/** A scripted tool call with its protocol's tool name, input and a stateless id. */
export interface ResolvedCall {
  readonly type: 'tool_call';
  readonly id: string;
  readonly name: string;
  readonly input: Readonly<Record<string, unknown>>;
}
export type ResolvedPart = { readonly type: 'text'; readonly text: string } | ResolvedCall;

/** Reads one API's requests and writes its replies. */
export interface ProtocolCodec {
  readonly protocol: ModelProtocol;
  /** Read a request body; `path` is the request path without its query (Gemini names the model there). */
  summarize(body: unknown, path?: string): RequestSummary;
  /** The shell tool call this API's CLI understands, given the tools the request declares. */
  shellCall(command: string, tools: readonly string[]): { name: string; input: Record<string, unknown> };
  render(reply: Reply, summary: RequestSummary): WireResponse;
}

/** Give every part a concrete tool name and an id derived from the turn and its position. */
export function resolveParts(
  parts: readonly ReplyPart[],
  summary: RequestSummary,
  codec: Pick<ProtocolCodec, 'shellCall'>,
  idPrefix: string,
): ResolvedPart[] {
  return parts.map((part, index) => {
    if (part.type === 'text') return part;
    const id = part.id ?? `${idPrefix}${summary.turn}_${index}`;
    if (part.type === 'shell')
      return { type: 'tool_call', id, ...codec.shellCall(part.command, summary.tools) };
    return { type: 'tool_call', id, name: part.name, input: part.input };
  });
}
