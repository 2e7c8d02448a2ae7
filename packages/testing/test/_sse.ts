/** Split an SSE body into frames, checking the framing on the way: every frame ends with a blank line. */
export function parseSse(body: string): { event: string | undefined; data: string }[] {
  if (!body.endsWith('\n\n'))
    throw new Error(`SSE body does not end with a blank line: ${JSON.stringify(body.slice(-40))}`);
  return body
    .slice(0, -2)
    .split('\n\n')
    .map((frame) => {
      const lines = frame.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice('event: '.length);
      const data = lines
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice('data: '.length));
      if (data.length !== 1 || lines.length !== (event === undefined ? 1 : 2)) {
        throw new Error(`unexpected SSE frame: ${JSON.stringify(frame)}`);
      }
      return { event, data: data[0]! };
    });
}

export function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
