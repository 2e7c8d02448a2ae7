/** One Server-Sent Events frame: an optional `event:` line, one `data:` line, a blank line. */
export function sseFrame(data: unknown, event?: string): string {
  const payload = typeof data === 'string' ? data : JSON.stringify(data);
  return `${event ? `event: ${event}\n` : ''}data: ${payload}\n\n`;
}

/** What a protocol writer answers: status, headers and the body in the chunks to write, in order. */
export interface WireResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly chunks: readonly string[];
}

export const SSE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
};

export function jsonResponse(
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): WireResponse {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    chunks: [JSON.stringify(body)],
  };
}
