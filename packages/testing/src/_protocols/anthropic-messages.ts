// Anthropic Messages API, streamed (`stream: true`; the scripted model answers every request as a stream):
// https://docs.anthropic.com/en/api/messages-streaming
import { arrayOf, countRuns, estimateTokens, isObject, stringOf, textOf } from '../_json.js';
import { jsonResponse, SSE_HEADERS, sseFrame, type WireResponse } from '../_sse.js';
import type { RequestSummary } from '../model-request.js';
import type { Reply } from '../reply.js';
import { type ProtocolCodec, resolveParts, type ShellTool } from './_codec.js';

const ERROR_TYPES: Readonly<Record<number, string>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  529: 'overloaded_error',
};

function summarize(body: unknown): RequestSummary {
  const request = isObject(body) ? body : {};
  const messages = arrayOf(request.messages).filter(isObject);
  const lastUser = messages.findLast((message) => message.role === 'user');
  const texts = [textOf(request.system), ...messages.map((message) => textOf(message.content))];
  return {
    model: stringOf(request.model),
    turn: countRuns(messages.map((message) => message.role === 'assistant')),
    lastMessage: lastUser ? textOf(lastUser.content) : '',
    tools: arrayOf(request.tools)
      .filter(isObject)
      .map((tool) => stringOf(tool.name) ?? stringOf(tool.type) ?? '')
      .filter((name) => name !== ''),
    text: texts.filter((text) => text !== '').join('\n'),
  };
}

function render(reply: Reply, summary: RequestSummary, shellTools: readonly ShellTool[] = []): WireResponse {
  if (reply.kind === 'http_error') {
    return jsonResponse(
      reply.status,
      { type: 'error', error: { type: ERROR_TYPES[reply.status] ?? 'api_error', message: reply.message } },
      { 'request-id': `req_scripted_${summary.turn}`, ...reply.headers },
    );
  }
  const parts = resolveParts(reply.parts, summary, shellTools, 'toolu_scripted_');
  const inputTokens = estimateTokens(summary.text);
  const chunks = [
    sseFrame(
      {
        type: 'message_start',
        message: {
          id: `msg_scripted_${summary.turn}`,
          type: 'message',
          role: 'assistant',
          model: summary.model ?? 'scripted',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: inputTokens, output_tokens: 1 },
        },
      },
      'message_start',
    ),
  ];
  let outputText = '';
  parts.forEach((part, index) => {
    const start =
      part.type === 'text'
        ? { type: 'text', text: '' }
        : { type: 'tool_use', id: part.id, name: part.name, input: {} };
    const delta =
      part.type === 'text'
        ? { type: 'text_delta', text: part.text }
        : { type: 'input_json_delta', partial_json: JSON.stringify(part.input) };
    outputText += part.type === 'text' ? part.text : JSON.stringify(part.input);
    chunks.push(
      sseFrame({ type: 'content_block_start', index, content_block: start }, 'content_block_start'),
      sseFrame({ type: 'content_block_delta', index, delta }, 'content_block_delta'),
      sseFrame({ type: 'content_block_stop', index }, 'content_block_stop'),
    );
  });
  const hasCalls = parts.some((part) => part.type === 'tool_call');
  const stopReason =
    reply.stop === 'length'
      ? 'max_tokens'
      : reply.stop === 'refusal'
        ? 'refusal'
        : hasCalls
          ? 'tool_use'
          : 'end_turn';
  chunks.push(
    sseFrame(
      {
        type: 'message_delta',
        delta: { stop_reason: stopReason, stop_sequence: null },
        usage: { output_tokens: estimateTokens(outputText) },
      },
      'message_delta',
    ),
    sseFrame({ type: 'message_stop' }, 'message_stop'),
  );
  return { status: 200, headers: SSE_HEADERS, chunks };
}

export const anthropicMessagesCodec: ProtocolCodec = {
  protocol: 'anthropic-messages',
  summarize,
  render,
};
