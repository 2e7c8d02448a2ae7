// OpenAI Chat Completions API, streamed (as `@ai-sdk/openai-compatible` and the OpenAI SDK read it):
// https://platform.openai.com/docs/api-reference/chat-streaming
import { arrayOf, countRuns, estimateTokens, isObject, type JsonObject, stringOf, textOf } from '../_json.js';
import { SSE_HEADERS, sseFrame, type WireResponse } from '../_sse.js';
import type { RequestSummary } from '../model-request.js';
import type { Reply } from '../reply.js';
import { type ProtocolCodec, resolveParts, type ShellTool } from './_codec.js';
import { openAiErrorResponse } from './_openai-error.js';

function messageText(message: JsonObject): string {
  const calls = arrayOf(message.tool_calls)
    .filter(isObject)
    .map((call) =>
      isObject(call.function)
        ? `${stringOf(call.function.name) ?? ''} ${stringOf(call.function.arguments) ?? ''}`
        : '',
    );
  return [textOf(message.content), ...calls].filter((text) => text !== '').join('\n');
}

/**
 * A client-side tool search: the request declares a function `tool_search` (its `query` a tool's name, and the
 * deferred tools named in a system reminder); the model calls it, the client answers with the found tools'
 * declarations as text, and the model then calls the tool by its name.
 */
const TOOL_SEARCH = 'tool_search';

/** The queries already searched: what a request's tool searches left, when it offers one. */
const searchesOf = new WeakMap<RequestSummary, ReadonlySet<string>>();

const callsOf = (message: JsonObject) => arrayOf(message.tool_calls).filter(isObject);
const isSearch = (call: JsonObject) => isObject(call.function) && call.function.name === TOOL_SEARCH;

/** The query of a search call (its arguments are JSON text); `''` when they are not. */
function queryOf(call: JsonObject): string {
  try {
    const args: unknown = JSON.parse(stringOf(isObject(call.function) ? call.function.arguments : '') ?? '');
    return (isObject(args) && stringOf(args.query)) || '';
  } catch {
    return '';
  }
}

/** The messages without the tool searches: a search is the scripted model's own step (see `searchBefore`). */
function withoutSearches(messages: readonly JsonObject[]): JsonObject[] {
  const searchIds = new Set(
    messages.flatMap((message) =>
      callsOf(message)
        .filter(isSearch)
        .map((call) => stringOf(call.id)),
    ),
  );
  return messages
    .filter((message) => !(message.role === 'tool' && searchIds.has(stringOf(message.tool_call_id))))
    .map((message) => {
      const calls = callsOf(message);
      return calls.some(isSearch)
        ? { ...message, tool_calls: calls.filter((call) => !isSearch(call)) }
        : message;
    })
    .filter(
      (message) =>
        message.role !== 'assistant' || textOf(message.content) !== '' || callsOf(message).length > 0,
    );
}

function summarize(body: unknown): RequestSummary {
  const request = isObject(body) ? body : {};
  const all = arrayOf(request.messages).filter(isObject);
  // A script sees the request as if no search had been made, so the same reply rule answers again with the call.
  const messages = withoutSearches(all);
  const last = messages.findLast((message) => message.role === 'user' || message.role === 'tool');
  const summary: RequestSummary = {
    model: stringOf(request.model),
    turn: countRuns(messages.map((message) => message.role === 'assistant')),
    lastMessage: last ? textOf(last.content) : '',
    tools: arrayOf(request.tools)
      .filter(isObject)
      .map(
        (tool) =>
          (isObject(tool.function) ? stringOf(tool.function.name) : undefined) ?? stringOf(tool.type) ?? '',
      )
      .filter((name) => name !== ''),
    text: messages
      .map(messageText)
      .filter((text) => text !== '')
      .join('\n'),
  };
  if (summary.tools.includes(TOOL_SEARCH))
    searchesOf.set(
      summary,
      new Set(all.flatMap((message) => callsOf(message).filter(isSearch).map(queryOf))),
    );
  return summary;
}

/**
 * The search a model runs before calling `name` when the request offers a tool search and declares no such tool:
 * its query is the tool's full name; `undefined` once that query was searched (the call then goes out by name,
 * and the runtime answers it or refuses it).
 */
function searchBefore(name: string, summary: RequestSummary): string | undefined {
  const asked = searchesOf.get(summary);
  if (asked === undefined || summary.tools.includes(name) || asked.has(name)) return undefined;
  return name;
}

function render(reply: Reply, summary: RequestSummary, shellTools: readonly ShellTool[] = []): WireResponse {
  if (reply.kind === 'http_error') {
    return openAiErrorResponse(reply);
  }
  const parts = resolveParts(reply.parts, summary, shellTools, 'call_scripted_');
  const base = {
    id: `chatcmpl-scripted-${summary.turn}`,
    object: 'chat.completion.chunk',
    created: 0,
    model: summary.model ?? 'scripted',
  };
  const chunk = (delta: JsonObject, finishReason: string | null = null) =>
    sseFrame({ ...base, choices: [{ index: 0, delta, finish_reason: finishReason }] });
  const chunks = [chunk({ role: 'assistant', content: '' })];
  let callIndex = 0;
  let outputText = '';
  for (const part of parts) {
    if (part.type === 'text') {
      chunks.push(chunk({ content: part.text }));
      outputText += part.text;
    } else {
      const query = searchBefore(part.name, summary);
      // The request after a search has the same turn (the search is not one), so its ids must not be the call's.
      const call =
        query === undefined
          ? { id: part.id, name: part.name, input: part.input }
          : { id: `${part.id}_search`, name: TOOL_SEARCH, input: { query } };
      const args = JSON.stringify(call.input);
      chunks.push(
        chunk({
          tool_calls: [
            {
              index: callIndex++,
              id: call.id,
              type: 'function',
              function: { name: call.name, arguments: args },
            },
          ],
        }),
      );
      outputText += args;
    }
  }
  const finishReason =
    reply.stop === 'length'
      ? 'length'
      : reply.stop === 'refusal'
        ? 'content_filter'
        : callIndex > 0
          ? 'tool_calls'
          : 'stop';
  const promptTokens = estimateTokens(summary.text);
  const completionTokens = estimateTokens(outputText);
  chunks.push(
    chunk({}, finishReason),
    sseFrame({
      ...base,
      choices: [],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
    }),
    sseFrame('[DONE]'),
  );
  return { status: 200, headers: SSE_HEADERS, chunks };
}

export const chatCompletionsCodec: ProtocolCodec = {
  protocol: 'chat-completions',
  summarize,
  render,
};
