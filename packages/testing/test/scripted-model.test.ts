import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { reply } from '../src/reply.js';
import { createScriptedModel } from '../src/scripted-model.js';
import type { ScriptedModel } from '../src/scripted-model-types.js';
import { otherwise, when } from '../src/when.js';
import { parseSse, post } from './_sse.js';

const open: ScriptedModel[] = [];
async function start(...replies: Parameters<typeof createScriptedModel>[0]['replies']) {
  const model = await createScriptedModel({ replies });
  open.push(model);
  return model;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((model) => model.close()));
});

const user = (text: string) => ({ role: 'user', content: text });
const assistant = (text: string) => ({ role: 'assistant', content: text });

describe('createScriptedModel', () => {
  it('listens on 127.0.0.1 on a free port', async () => {
    const [a, b] = [await start(), await start()];
    expect(a.url).toBe(`http://127.0.0.1:${a.port}`);
    expect(a.port).toBeGreaterThan(0);
    expect(b.port).not.toBe(a.port);
  });

  it('serves the three APIs under /v1, each in its own protocol', async () => {
    const model = await start(otherwise(reply.text('hi')));
    const anthropic = await post(`${model.url}/v1/messages?beta=true`, {
      messages: [user('x')],
      stream: true,
    });
    const responses = await post(`${model.url}/v1/responses`, { input: 'x', stream: true });
    const chat = await post(`${model.url}/v1/chat/completions`, { messages: [user('x')], stream: true });
    expect(parseSse(await anthropic.text())[0]!.event).toBe('message_start');
    expect(parseSse(await responses.text())[0]!.event).toBe('response.created');
    expect(parseSse(await chat.text()).at(-1)!.data).toBe('[DONE]');
    expect(model.requests.map((request) => request.protocol)).toEqual([
      'anthropic-messages',
      'openai-responses',
      'chat-completions',
    ]);
  });

  it('serves the Gemini API under /v1beta/models, streamed and unary, the model taken from the path', async () => {
    const model = await start(
      when({ protocol: 'gemini-generate-content', turn: 0 }, reply.text('hi')),
      otherwise(reply.httpError(400)),
    );
    const body = { contents: [{ role: 'user', parts: [{ text: 'x' }] }] };
    const streamed = await post(
      `${model.url}/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse`,
      body,
    );
    expect(streamed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const frames = parseSse(await streamed.text());
    expect(JSON.parse(frames[0]!.data).candidates[0].content.parts).toEqual([{ text: 'hi' }]);
    const unary = await post(`${model.url}/v1beta/models/gemini-3.5-flash-lite:generateContent`, body);
    expect(((await unary.json()) as { modelVersion: string }).modelVersion).toBe('gemini-3.5-flash-lite');
    const failed = await post(`${model.url}/v1beta/models/m:streamGenerateContent?alt=sse`, {
      contents: [...body.contents, { role: 'model', parts: [{ text: 'a' }] }],
    });
    expect(failed.status).toBe(400);
    expect(await failed.json()).toEqual({
      error: { code: 400, message: 'Bad request (scripted)', status: 'INVALID_ARGUMENT' },
    });
    expect(model.requests.map((request) => [request.protocol, request.model, request.turn])).toEqual([
      ['gemini-generate-content', 'gemini-2.5-pro', 0],
      ['gemini-generate-content', 'gemini-3.5-flash-lite', 0],
      ['gemini-generate-content', 'm', 1],
    ]);
  });

  it('records method, url, headers, raw and parsed body, the summary and the reply given', async () => {
    const model = await start(when({ turn: 1 }, reply.text('second')), otherwise(reply.text('first')));
    const body = { model: 'm', messages: [user('a'), assistant('b'), user('c')], tools: [{ name: 'Bash' }] };
    await (await post(`${model.url}/v1/messages?beta=true`, body, { 'x-api-key': 'k' })).text();
    const [request] = model.requests;
    expect(request).toMatchObject({
      index: 0,
      method: 'POST',
      url: '/v1/messages?beta=true',
      body,
      rawBody: JSON.stringify(body),
      protocol: 'anthropic-messages',
      model: 'm',
      turn: 1,
      lastMessage: 'c',
      tools: ['Bash'],
      hasTools: true,
      rule: 0,
      reply: reply.text('second'),
    });
    expect(request!.headers['x-api-key']).toBe('k');
  });

  it('answers statelessly: the same request gets the same bytes, whatever came before', async () => {
    const model = await start(
      when({ lastMessageIncludes: 'again' }, reply.text('retry')),
      when({ turn: 0 }, reply.shell('ls')),
      otherwise(reply.text('done')),
    );
    const first = { messages: [user('go')], stream: true };
    const later = { messages: [user('go'), assistant('x'), user('again please')], stream: true };
    const a = await (await post(`${model.url}/v1/chat/completions`, first)).text();
    const b = await (await post(`${model.url}/v1/chat/completions`, later)).text();
    const c = await (await post(`${model.url}/v1/chat/completions`, first)).text();
    expect(c).toBe(a);
    expect(b).toContain('"content":"retry"');
    expect(model.requests.map((request) => request.rule)).toEqual([1, 0, 1]);
  });

  it('takes a function rule and a function reply', async () => {
    const model = await start(
      when(
        (request) => request.text.includes('<available_skills>'),
        (request) => reply.text(`turn ${request.turn}`),
      ),
    );
    const body = { messages: [{ role: 'system', content: '<available_skills>' }, user('x')] };
    expect(await (await post(`${model.url}/v1/chat/completions`, body)).text()).toContain(
      '"content":"turn 0"',
    );
  });

  it('answers an HTTP error reply with its status and the protocol error body', async () => {
    const model = await start(otherwise(reply.httpError(529)));
    const response = await post(`${model.url}/v1/messages`, { messages: [user('x')] });
    expect(response.status).toBe(529);
    expect(await response.json()).toEqual({
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded (scripted)' },
    });
  });

  it('answers 500 naming the request when no rule matches, and records it as unmatched', async () => {
    const model = await start(when({ turn: 5 }, reply.text('late')));
    const response = await post(`${model.url}/v1/responses`, { input: 'hello there' });
    expect(response.status).toBe(500);
    const { error } = (await response.json()) as { error: { message: string } };
    expect(error.message).toBe(
      'scripted model: no reply rule matched POST /v1/responses (turn 0, without tools, last message "hello there")',
    );
    expect(model.requests[0]).toMatchObject({ rule: undefined, reply: { kind: 'http_error', status: 500 } });
  });

  it('answers 404 for a path it does not serve, and records it', async () => {
    const model = await start(otherwise(reply.text('x')));
    const response = await fetch(`${model.url}/v1/models`);
    expect(response.status).toBe(404);
    expect(model.requests[0]).toMatchObject({
      method: 'GET',
      url: '/v1/models',
      protocol: undefined,
      rule: undefined,
    });
  });

  it('records a body that is not JSON as raw text, and still answers', async () => {
    const model = await start(otherwise(reply.text('x')));
    const response = await post(`${model.url}/v1/chat/completions`, '{not json');
    expect(response.status).toBe(200);
    expect(model.requests[0]).toMatchObject({ rawBody: '{not json', body: undefined, turn: 0 });
  });

  it('decodes a gzip request body', async () => {
    const model = await start(otherwise(reply.text('x')));
    await fetch(`${model.url}/v1/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(JSON.stringify({ input: 'zipped' })),
    });
    expect(model.requests[0]).toMatchObject({ lastMessage: 'zipped', body: { input: 'zipped' } });
  });

  it('answers 413 to a body over maxBodyBytes', async () => {
    const model = await createScriptedModel({ replies: [otherwise(reply.text('x'))], maxBodyBytes: 10 });
    open.push(model);
    const response = await post(`${model.url}/v1/responses`, { input: 'more than ten bytes' });
    expect(response.status).toBe(413);
    expect(model.requests[0]).toMatchObject({ rawBody: '', reply: { status: 413 } });
  });

  it('closes: the port refuses connections, open keep-alive sockets are dropped, close twice is fine', async () => {
    const model = await createScriptedModel({ replies: [otherwise(reply.text('x'))] });
    const socket = connect(model.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const dropped = new Promise((resolve) => socket.once('close', resolve));
    await model.close();
    await model.close();
    await dropped;
    await expect(fetch(`${model.url}/v1/responses`, { method: 'POST', body: '{}' })).rejects.toThrow();
  });

  it('closes through await using (Symbol.asyncDispose)', async () => {
    let url = '';
    {
      await using model = await createScriptedModel({ replies: [] });
      url = model.url;
      expect((await post(`${url}/v1/responses`, {})).status).toBe(500);
    }
    await expect(fetch(url)).rejects.toThrow();
  });
});
