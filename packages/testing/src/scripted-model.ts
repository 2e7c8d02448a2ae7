import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as zlib from 'node:zlib';
import { RUNTIME_IDS } from '@skillpack/adapters';
import type { ProtocolCodec, ShellTool } from './_protocols/_codec.js';
import { anthropicMessagesCodec } from './_protocols/anthropic-messages.js';
import { chatCompletionsCodec } from './_protocols/chat-completions.js';
import { geminiCodec, geminiRoute, geminiUnaryCodec } from './_protocols/gemini-generate-content.js';
import { openaiResponsesCodec } from './_protocols/openai-responses.js';
import { RUNTIME_SETUPS } from './_runtimes/registry.js';
import { jsonResponse, type WireResponse } from './_sse.js';
import type { ModelProtocol, ModelRequest, RequestSummary } from './model-request.js';
import { type Reply, reply as replies } from './reply.js';
import type { ScriptedModel, ScriptedModelOptions } from './scripted-model-types.js';
import { chooseReply, type MatchedRequest } from './when.js';

/** The scripted model's routes, one per wire protocol it speaks. */
export const ROUTES: Readonly<Record<string, ProtocolCodec>> = {
  '/v1/messages': anthropicMessagesCodec,
  '/v1/responses': openaiResponsesCodec,
  '/v1/chat/completions': chatCompletionsCodec,
};

/** Every protocol the scripted model serves: the fixed routes, and the Gemini API's `models/<model>:<method>` paths. */
export const SERVED_PROTOCOLS: readonly ModelProtocol[] = [...Object.values(ROUTES), geminiCodec].map(
  (codec) => codec.protocol,
);

/**
 * Per protocol, the shell tools of the runtimes that speak it, in registry order: what a `reply.shell` part
 * calls (the first one the request declares, or else the first).
 */
export const SHELL_TOOLS: Readonly<Record<ModelProtocol, readonly ShellTool[]>> = (() => {
  const tools: Record<string, ShellTool[]> = {};
  for (const id of RUNTIME_IDS) {
    const { protocol, shellTools } = RUNTIME_SETUPS[id];
    tools[protocol] = [...(tools[protocol] ?? []), ...shellTools];
  }
  return tools as Record<ModelProtocol, ShellTool[]>;
})();

/** The codec serving a path: a fixed route, or a Gemini `models/<model>:<method>` path. */
function codecFor(path: string): ProtocolCodec | undefined {
  const fixed = ROUTES[path];
  if (fixed) return fixed;
  const gemini = geminiRoute(path);
  if (!gemini) return undefined;
  return gemini.streaming ? geminiCodec : geminiUnaryCodec;
}

const EMPTY_SUMMARY: RequestSummary = { model: undefined, turn: 0, lastMessage: '', tools: [], text: '' };

type Decoder = (buffer: Buffer) => Buffer;
const DECODERS: Readonly<Record<string, Decoder | undefined>> = {
  gzip: zlib.gunzipSync,
  deflate: zlib.inflateSync,
  br: zlib.brotliDecompressSync,
  // zstd needs Node 22.15 or newer; a CLI may compress request bodies with it.
  zstd: (zlib as { zstdDecompressSync?: Decoder }).zstdDecompressSync,
};

function readBody(request: IncomingMessage, limit: number): Promise<Buffer | 'too_large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > limit ? 'too_large' : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function decode(buffer: Buffer, encoding: string | undefined): string {
  const decoder = encoding ? DECODERS[encoding.trim().toLowerCase()] : undefined;
  try {
    return (decoder ? decoder(buffer) : buffer).toString('utf8');
  } catch {
    return buffer.toString('utf8');
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function flatHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function describeUnmatched(request: MatchedRequest): string {
  const last =
    request.lastMessage.length > 120 ? `${request.lastMessage.slice(0, 120)}…` : request.lastMessage;
  return (
    `scripted model: no reply rule matched ${request.method} ${request.url} ` +
    `(turn ${request.turn}, ${request.hasTools ? 'with' : 'without'} tools, last message ${JSON.stringify(last)})`
  );
}

function write(response: ServerResponse, wire: WireResponse): void {
  response.writeHead(wire.status, wire.headers);
  for (const chunk of wire.chunks) response.write(chunk);
  response.end();
}

/**
 * Start a scripted model on 127.0.0.1: Anthropic Messages, OpenAI Responses and Chat Completions, streamed, and
 * the Gemini API (`streamGenerateContent?alt=sse`, and `generateContent` unstreamed).
 */
export async function createScriptedModel(options: ScriptedModelOptions): Promise<ScriptedModel> {
  const rules = [...options.replies];
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024 * 1024;
  const requests: ModelRequest[] = [];

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request, maxBodyBytes);
    const url = request.url ?? '/';
    const path = url.split('?')[0] ?? '/';
    const codec = request.method === 'POST' ? codecFor(path) : undefined;
    const rawBody = body === 'too_large' ? '' : decode(body, request.headers['content-encoding']);
    const parsed = parseJson(rawBody);
    const summary = codec ? codec.summarize(parsed, path) : EMPTY_SUMMARY;
    const seen: MatchedRequest = {
      index: requests.length,
      method: request.method ?? 'GET',
      url,
      headers: flatHeaders(request),
      rawBody,
      body: parsed,
      protocol: codec?.protocol,
      hasTools: summary.tools.length > 0,
      ...summary,
    };
    let chosen: { rule: number | undefined; reply: Reply };
    if (body === 'too_large') {
      chosen = {
        rule: undefined,
        reply: replies.httpError(413, { message: `request body over ${maxBodyBytes} bytes` }),
      };
    } else if (!codec) {
      chosen = {
        rule: undefined,
        reply: replies.httpError(404, { message: `scripted model serves no ${seen.method} ${path}` }),
      };
    } else {
      const found = chooseReply(rules, seen);
      chosen = found ?? {
        rule: undefined,
        reply: replies.httpError(500, { message: describeUnmatched(seen) }),
      };
    }
    requests.push({ ...seen, ...chosen });
    if (codec) write(response, codec.render(chosen.reply, summary, SHELL_TOOLS[codec.protocol] ?? []));
    else if (chosen.reply.kind === 'http_error') {
      write(response, jsonResponse(chosen.reply.status, { error: { message: chosen.reply.message } }));
    }
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        write(response, jsonResponse(500, { error: { message: `scripted model failed: ${String(error)}` } }));
      } else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return closing;
  };
  return { url: `http://127.0.0.1:${port}`, port, requests, close, [Symbol.asyncDispose]: close };
}
