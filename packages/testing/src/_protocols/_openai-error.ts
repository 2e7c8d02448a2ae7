import { jsonResponse, type WireResponse } from '../_sse.js';
import type { Reply } from '../reply.js';

/** An HTTP error in the body shape both OpenAI APIs (Responses, Chat Completions) send. */
export function openAiErrorResponse(reply: Extract<Reply, { kind: 'http_error' }>): WireResponse {
  return jsonResponse(
    reply.status,
    {
      error: {
        message: reply.message,
        type: reply.status >= 500 ? 'server_error' : 'invalid_request_error',
        code: null,
        param: null,
      },
    },
    reply.headers,
  );
}
