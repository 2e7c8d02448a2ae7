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

function summarize(body: unknown): RequestSummary {
  const request = isObject(body) ? body : {};
  const messages = arrayOf(request.messages).filter(isObject);
  const last = messages.findLast((message) => message.role === 'user' || message.role === 'tool');
  return {
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
      const args = JSON.stringify(part.input);
      chunks.push(
        chunk({
          tool_calls: [
            {
              index: callIndex++,
              id: part.id,
              type: 'function',
              function: { name: part.name, arguments: args },
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
