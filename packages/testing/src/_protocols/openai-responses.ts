// OpenAI Responses API, streamed:
// https://platform.openai.com/docs/api-reference/responses-streaming
import { arrayOf, countRuns, estimateTokens, isObject, type JsonObject, stringOf, textOf } from '../_json.js';
import { SSE_HEADERS, sseFrame, type WireResponse } from '../_sse.js';
import type { RequestSummary } from '../model-request.js';
import type { Reply } from '../reply.js';
import { type ProtocolCodec, type ResolvedPart, resolveParts, type ShellTool } from './_codec.js';
import { openAiErrorResponse } from './_openai-error.js';

const MODEL_ITEM_TYPES = new Set([
  'function_call',
  'custom_tool_call',
  'local_shell_call',
  'reasoning',
  'web_search_call',
]);
const TOOL_OUTPUT_TYPES = new Set([
  'function_call_output',
  'custom_tool_call_output',
  'local_shell_call_output',
]);

function isModelItem(item: JsonObject): boolean {
  if (item.type === 'message' || item.type === undefined) return item.role === 'assistant';
  return MODEL_ITEM_TYPES.has(String(item.type));
}

function itemText(item: JsonObject): string {
  if (TOOL_OUTPUT_TYPES.has(String(item.type))) return textOf(item.output);
  if (item.type === 'function_call') return `${stringOf(item.name) ?? ''} ${stringOf(item.arguments) ?? ''}`;
  return textOf(item.content);
}

/**
 * A client-side tool search: the request declares `{type:"tool_search"}` (and names the deferred namespaces in its
 * instructions); the model searches (`tool_search_call`), the client answers with the namespaces it found
 * (`tool_search_output`), and the model then calls the tool in its namespace.
 */
const TOOL_SEARCH_ITEMS = new Set(['tool_search_call', 'tool_search_output']);

/** What a request's tool searches left: whether it offers one, and the queries already searched. */
interface ToolSearches {
  readonly offered: boolean;
  readonly asked: ReadonlySet<string>;
}
const searchesOf = new WeakMap<RequestSummary, ToolSearches>();

/** The names of the namespaces (or tools) the tool searches of `input` loaded. */
function loadedBySearch(input: readonly JsonObject[]): string[] {
  return input
    .filter((item) => item.type === 'tool_search_output')
    .flatMap((item) => arrayOf(item.tools).filter(isObject))
    .map((tool) => stringOf(tool.name) ?? '')
    .filter((name) => name !== '');
}

function summarize(body: unknown): RequestSummary {
  const request = isObject(body) ? body : {};
  const all =
    typeof request.input === 'string'
      ? [{ type: 'message', role: 'user', content: request.input }]
      : arrayOf(request.input).filter(isObject);
  // A tool search is the scripted model's own step (see `outputItem`): a script sees the request as if the tool it
  // searched for had been declared, so the same reply rule answers again with the call.
  const input = all.filter((item) => !TOOL_SEARCH_ITEMS.has(String(item.type)));
  const last = input.findLast(
    (item) => TOOL_OUTPUT_TYPES.has(String(item.type)) || (item.role === 'user' && !isModelItem(item)),
  );
  const declared = arrayOf(request.tools).filter(isObject);
  const summary: RequestSummary = {
    model: stringOf(request.model),
    turn: countRuns(input.map(isModelItem)),
    lastMessage: last ? itemText(last) : '',
    tools: [
      ...declared
        .map((tool) => stringOf(tool.name) ?? stringOf(tool.type) ?? '')
        .filter((name) => name !== ''),
      ...loadedBySearch(all),
    ],
    text: [textOf(request.instructions), ...input.map(itemText)].filter((text) => text !== '').join('\n'),
  };
  searchesOf.set(summary, {
    offered: declared.some((tool) => tool.type === 'tool_search' && tool.name === undefined),
    asked: new Set(
      all
        .filter((item) => item.type === 'tool_search_call' && isObject(item.arguments))
        .map((item) => stringOf((item.arguments as JsonObject).query) ?? ''),
    ),
  });
  return summary;
}

/**
 * A call of `<namespace>__<tool>` where the request declares that namespace and no tool of the full name: the
 * namespace and the tool apart, as a client that declares an MCP server's tools in a namespace expects
 * (`{type:"namespace",name:"mcp__<server>"}`).
 */
function namespaced(name: string, tools: readonly string[]): { namespace?: string; name: string } {
  if (tools.includes(name)) return { name };
  const namespace = tools.find((tool) => name.startsWith(`${tool}__`) && name.length > tool.length + 2);
  return namespace ? { namespace, name: name.slice(namespace.length + 2) } : { name };
}

/**
 * The search a model runs before calling `name` when the request offers a tool search and declares no such tool:
 * its query is the tool's own name (after the last `__`); `undefined` once that query was searched (what it found
 * is then declared, or the call goes out as asked and the runtime refuses it).
 */
function searchBefore(name: string, summary: RequestSummary): string | undefined {
  const searches = searchesOf.get(summary);
  if (!searches?.offered || summary.tools.includes(name) || namespaced(name, summary.tools).namespace)
    return undefined;
  const query = name.slice(name.lastIndexOf('__') + (name.includes('__') ? 2 : 0));
  return searches.asked.has(query) ? undefined : query;
}

function outputItem(part: ResolvedPart, id: string, summary: RequestSummary): JsonObject {
  const tools = summary.tools;
  if (part.type === 'text') {
    return {
      id,
      type: 'message',
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text: part.text, annotations: [] }],
    };
  }
  const query = searchBefore(part.name, summary);
  if (query !== undefined) {
    // The request after it has the same turn (the search is not one), so its ids must not be the call's.
    return {
      id: `${id}_search`,
      type: 'tool_search_call',
      status: 'completed',
      call_id: `${part.id}_search`,
      execution: 'client',
      arguments: { query },
    };
  }
  return {
    id,
    type: 'function_call',
    status: 'completed',
    call_id: part.id,
    ...namespaced(part.name, tools),
    arguments: JSON.stringify(part.input),
  };
}

function render(reply: Reply, summary: RequestSummary, shellTools: readonly ShellTool[] = []): WireResponse {
  if (reply.kind === 'http_error') {
    return openAiErrorResponse(reply);
  }
  const responseId = `resp_scripted_${summary.turn}`;
  const parts = resolveParts(reply.parts, summary, shellTools, 'call_scripted_');
  const items = parts.map((part, index) =>
    outputItem(part, `item_scripted_${summary.turn}_${index}`, summary),
  );
  const base = { id: responseId, object: 'response', created_at: 0, model: summary.model ?? 'scripted' };
  let sequence = 0;
  const frame = (type: string, data: JsonObject) =>
    sseFrame({ type, sequence_number: sequence++, ...data }, type);
  const chunks = [frame('response.created', { response: { ...base, status: 'in_progress', output: [] } })];
  items.forEach((item, index) => {
    const part = parts[index]!;
    if (part.type === 'text') {
      const empty = { ...item, status: 'in_progress', content: [] };
      chunks.push(
        frame('response.output_item.added', { output_index: index, item: empty }),
        frame('response.output_text.delta', {
          item_id: item.id,
          output_index: index,
          content_index: 0,
          delta: part.text,
        }),
      );
    } else {
      chunks.push(
        frame('response.output_item.added', {
          output_index: index,
          item: { ...item, status: 'in_progress' },
        }),
      );
    }
    chunks.push(frame('response.output_item.done', { output_index: index, item }));
  });
  const outputTokens = estimateTokens(items.map((item) => JSON.stringify(item)).join(''));
  const inputTokens = estimateTokens(summary.text);
  const usage = {
    input_tokens: inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: inputTokens + outputTokens,
  };
  chunks.push(
    reply.stop !== 'end'
      ? frame('response.incomplete', {
          response: {
            ...base,
            status: 'incomplete',
            incomplete_details: { reason: reply.stop === 'length' ? 'max_output_tokens' : 'content_filter' },
            output: items,
            usage,
          },
        })
      : frame('response.completed', { response: { ...base, status: 'completed', output: items, usage } }),
  );
  return { status: 200, headers: SSE_HEADERS, chunks };
}

export const openaiResponsesCodec: ProtocolCodec = {
  protocol: 'openai-responses',
  summarize,
  render,
};
