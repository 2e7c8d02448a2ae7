// Google Gemini API, `models.streamGenerateContent?alt=sse` and `models.generateContent` (as `@google/genai` 1.30
// reads them): https://ai.google.dev/api/generate-content
// The model is named in the path, not the body; the stream is `data: <GenerateContentResponse>\n\n` frames with
// no `event:` line and no `[DONE]` (the SDK's `responseLineRE`); the last frame carries `finishReason`.
import { arrayOf, countRuns, estimateTokens, isObject, type JsonObject, stringOf, textOf } from '../_json.js';
import { jsonResponse, SSE_HEADERS, sseFrame, type WireResponse } from '../_sse.js';
import type { RequestSummary } from '../model-request.js';
import type { Reply, ReplyPart } from '../reply.js';
import { type ProtocolCodec, type ShellTool, shellCall } from './_codec.js';

/** `/v1beta/models/<model>:streamGenerateContent` (or `/v1/…`, or `:generateContent`): the model and the method. */
const GEMINI_PATH = /^\/v1(?:beta|alpha)?\/models\/([^/:]+):(streamGenerateContent|generateContent)$/;

/** The model and method a Gemini API path names; `undefined` for any other path. */
export function geminiRoute(
  path: string,
): { readonly model: string; readonly streaming: boolean } | undefined {
  const match = GEMINI_PATH.exec(path);
  if (!match) return undefined;
  let model = match[1]!;
  try {
    model = decodeURIComponent(model);
  } catch {
    // A malformed escape is kept as sent.
  }
  return { model, streaming: match[2] === 'streamGenerateContent' };
}

// google.rpc.Code names by HTTP status, as the Gemini API sends them in `error.status`.
const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  413: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** The text of one part: its `text`, a function call as `name args`, a function response's output. */
function partText(part: JsonObject): string {
  if (typeof part.text === 'string') return part.thought === true ? '' : part.text;
  if (isObject(part.functionCall)) {
    const args = part.functionCall.args === undefined ? '' : JSON.stringify(part.functionCall.args);
    return `${stringOf(part.functionCall.name) ?? ''} ${args}`.trim();
  }
  if (isObject(part.functionResponse)) {
    const response = part.functionResponse.response;
    if (isObject(response)) {
      if (typeof response.output === 'string') return response.output;
      if (typeof response.error === 'string') return response.error;
      return textOf(response.content) || JSON.stringify(response);
    }
    return '';
  }
  return '';
}

function contentText(content: JsonObject): string {
  return arrayOf(content.parts)
    .filter(isObject)
    .map(partText)
    .filter((text) => text !== '')
    .join('\n');
}

/** Declared tool names: `functionDeclarations[].name`, and the key of a built-in tool (`googleSearch`). */
function toolNames(tools: unknown): string[] {
  const names: string[] = [];
  for (const tool of arrayOf(tools).filter(isObject)) {
    const declarations = arrayOf(tool.functionDeclarations).filter(isObject);
    if (declarations.length > 0) {
      for (const declaration of declarations) {
        const name = stringOf(declaration.name);
        if (name) names.push(name);
      }
    } else {
      names.push(...Object.keys(tool).filter((key) => key !== 'functionDeclarations'));
    }
  }
  return names;
}

function summarize(body: unknown, path = ''): RequestSummary {
  const request = isObject(body) ? body : {};
  const contents = arrayOf(request.contents).filter(isObject);
  const last = contents.findLast((content) => content.role !== 'model');
  const system = isObject(request.systemInstruction)
    ? contentText(request.systemInstruction)
    : textOf(request.systemInstruction);
  return {
    model: geminiRoute(path)?.model ?? stringOf(request.model),
    turn: countRuns(contents.map((content) => content.role === 'model')),
    lastMessage: last ? contentText(last) : '',
    tools: toolNames(request.tools),
    text: [system, ...contents.map(contentText)].filter((text) => text !== '').join('\n'),
  };
}

/** One reply part as a Gemini `Part`; a call carries an `id` only when the script gave one. */
function wirePart(part: ReplyPart, tools: readonly string[], shellTools: readonly ShellTool[]): JsonObject {
  if (part.type === 'text') return { text: part.text };
  const call = part.type === 'shell' ? shellCall(part.command, tools, shellTools) : part;
  return { functionCall: { ...(part.id ? { id: part.id } : {}), name: call.name, args: call.input } };
}

function finishReason(reply: Extract<Reply, { kind: 'message' }>): string {
  if (reply.stop === 'length') return 'MAX_TOKENS';
  if (reply.stop === 'refusal') return 'SAFETY';
  return 'STOP';
}

/** A `GenerateContentResponse`: one candidate with `parts`, and `finishReason` + usage when it is the last. */
function response(
  parts: readonly JsonObject[],
  summary: RequestSummary,
  last: { readonly finishReason: string; readonly outputText: string } | undefined,
): JsonObject {
  const candidate: Record<string, unknown> = { content: { role: 'model', parts }, index: 0 };
  if (last) candidate.finishReason = last.finishReason;
  const promptTokens = estimateTokens(summary.text);
  const candidatesTokens = last ? estimateTokens(last.outputText) : 0;
  return {
    candidates: [candidate],
    usageMetadata: {
      promptTokenCount: promptTokens,
      ...(last ? { candidatesTokenCount: candidatesTokens } : {}),
      totalTokenCount: promptTokens + candidatesTokens,
    },
    modelVersion: summary.model ?? 'scripted',
    responseId: `scripted-${summary.turn}`,
  };
}

/**
 * One SSE frame whose JSON escapes U+2028 and U+2029: the SDK splits frames with `/^\s*data: (.*)(?:\n\n|…)/`,
 * and `.` stops at those line terminators, so a raw one would cut the frame ("Incomplete JSON segment").
 */
function geminiFrame(body: JsonObject): string {
  return sseFrame(
    JSON.stringify(body)
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029'),
  );
}

function errorResponse(reply: Extract<Reply, { kind: 'http_error' }>): WireResponse {
  return jsonResponse(
    reply.status,
    {
      error: { code: reply.status, message: reply.message, status: STATUS_NAMES[reply.status] ?? 'UNKNOWN' },
    },
    reply.headers,
  );
}

function render(
  reply: Reply,
  summary: RequestSummary,
  streaming: boolean,
  shellTools: readonly ShellTool[],
): WireResponse {
  if (reply.kind === 'http_error') return errorResponse(reply);
  const parts = reply.parts.map((part) => wirePart(part, summary.tools, shellTools));
  const outputText = parts.map(partText).join('');
  const last = { finishReason: finishReason(reply), outputText };
  if (!streaming) return jsonResponse(200, response(parts, summary, last));
  // One frame per part, the last one with finishReason and usage (an empty reply is one empty frame).
  const frames =
    parts.length === 0
      ? [geminiFrame(response([], summary, last))]
      : parts.map((part, index) =>
          geminiFrame(response([part], summary, index === parts.length - 1 ? last : undefined)),
        );
  return { status: 200, headers: SSE_HEADERS, chunks: frames };
}

/** `:streamGenerateContent?alt=sse`: the reply as SSE `data:` frames, one per part. */
export const geminiCodec: ProtocolCodec = {
  protocol: 'gemini-generate-content',
  summarize,
  render: (reply, summary, shellTools = []) => render(reply, summary, true, shellTools),
};

/** `:generateContent`: the same reply as one JSON `GenerateContentResponse` (a CLI's model router calls it). */
export const geminiUnaryCodec: ProtocolCodec = {
  ...geminiCodec,
  render: (reply, summary, shellTools = []) => render(reply, summary, false, shellTools),
};
