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

/** A shell tool a CLI declares to the model, and the input a `reply.shell(command)` call gives it. */
export interface ShellTool {
  readonly name: string;
  input(command: string): Readonly<Record<string, unknown>>;
}

/** Reads one API's requests and writes its replies. */
export interface ProtocolCodec {
  readonly protocol: ModelProtocol;
  /** Read a request body; `path` is the request path without its query (Gemini names the model there). */
  summarize(body: unknown, path?: string): RequestSummary;
  /**
   * Write `reply`; a shell part calls the first of `shellTools` (the shell tools the runtimes speaking this
   * protocol declare, in order of preference) that the request declares, or else the first.
   */
  render(reply: Reply, summary: RequestSummary, shellTools?: readonly ShellTool[]): WireResponse;
}

/** The shell tool call for `command`: the first of `shellTools` the request declares, or else the first. */
export function shellCall(
  command: string,
  tools: readonly string[],
  shellTools: readonly ShellTool[],
): { name: string; input: Readonly<Record<string, unknown>> } {
  const tool = shellTools.find((candidate) => tools.includes(candidate.name)) ?? shellTools[0];
  if (!tool) throw new Error('scripted model: no runtime declares a shell tool for this protocol');
  return { name: tool.name, input: tool.input(command) };
}

/** Give every part a concrete tool name and an id derived from the turn and its position. */
export function resolveParts(
  parts: readonly ReplyPart[],
  summary: RequestSummary,
  shellTools: readonly ShellTool[],
  idPrefix: string,
): ResolvedPart[] {
  return parts.map((part, index) => {
    if (part.type === 'text') return part;
    const id = part.id ?? `${idPrefix}${summary.turn}_${index}`;
    if (part.type === 'shell')
      return { type: 'tool_call', id, ...shellCall(part.command, summary.tools, shellTools) };
    return { type: 'tool_call', id, name: part.name, input: part.input };
  });
}
