import { describe, expect, it } from 'vitest';
import {
  geminiCodec as codec,
  geminiRoute,
  geminiUnaryCodec,
} from '../../src/_protocols/gemini-generate-content.js';
import { reply } from '../../src/reply.js';
import { SHELL_TOOLS } from '../../src/scripted-model.js';
import { parseSse } from '../_sse.js';

const PATH = '/v1beta/models/gemini-2.5-pro:streamGenerateContent';

// The shape Gemini CLI 0.61.0 sends (the history is resent whole; tool results come back as user turns).
const history = {
  contents: [
    {
      role: 'user',
      parts: [{ text: '<session_context>\nOS: linux\n</session_context>' }, { text: 'Describe the project' }],
    },
    {
      role: 'model',
      parts: [
        { text: 'Let me look.' },
        {
          functionCall: { id: 'cli-made-1', name: 'list_directory', args: { dir_path: '.' } },
          thoughtSignature: 'skip_thought_signature_validator',
        },
      ],
    },
    {
      role: 'user',
      parts: [
        {
          functionResponse: {
            id: 'cli-made-1',
            name: 'list_directory',
            response: { output: 'README.md' },
          },
        },
      ],
    },
    { role: 'model', parts: [{ text: 'The project has one file, README.md.' }] },
    { role: 'user', parts: [{ text: 'Emit the verdict line.' }] },
  ],
  systemInstruction: { parts: [{ text: '<available_skills><skill><name>review</name></skill>' }] },
  tools: [
    { functionDeclarations: [{ name: 'list_directory' }, { name: 'read_file' }] },
    { googleSearch: {} },
  ],
  generationConfig: { temperature: 1 },
};

describe('gemini: routing a path', () => {
  it.each([
    [PATH, { model: 'gemini-2.5-pro', streaming: true }],
    [
      '/v1beta/models/gemini-3.5-flash-lite:generateContent',
      { model: 'gemini-3.5-flash-lite', streaming: false },
    ],
    ['/v1/models/m%2Fx:streamGenerateContent', { model: 'm/x', streaming: true }],
  ])('reads %s', (path, route) => {
    expect(geminiRoute(path)).toEqual(route);
  });

  it.each([
    '/v1beta/models/m:countTokens',
    '/v1beta/models/:generateContent',
    '/v1/messages',
    '/v2/models/m:generateContent',
  ])('serves no %s', (path) => {
    expect(geminiRoute(path)).toBeUndefined();
  });
});

describe('gemini: reading a request', () => {
  it('counts model turns, takes the model from the path and the last user turn as the last message', () => {
    const summary = codec.summarize(history, PATH);
    expect(summary).toMatchObject({
      model: 'gemini-2.5-pro',
      turn: 2,
      lastMessage: 'Emit the verdict line.',
      tools: ['list_directory', 'read_file', 'googleSearch'],
    });
    expect(summary.text).toContain('<available_skills>');
    expect(summary.text).toContain('list_directory {"dir_path":"."}');
    expect(summary.text).toContain('README.md');
  });

  it('reads a tool result (a functionResponse) as the last message', () => {
    const summary = codec.summarize({ ...history, contents: history.contents.slice(0, 3) }, PATH);
    expect(summary).toMatchObject({ turn: 1, lastMessage: 'README.md' });
  });

  it('joins the text parts of the first user turn (session context, then the prompt)', () => {
    const summary = codec.summarize({ contents: history.contents.slice(0, 1) }, PATH);
    expect(summary.lastMessage).toBe(
      '<session_context>\nOS: linux\n</session_context>\nDescribe the project',
    );
    expect(summary.turn).toBe(0);
  });

  it('leaves thought parts out of the text', () => {
    const summary = codec.summarize(
      { contents: [{ role: 'model', parts: [{ text: 'secret plan', thought: true }] }] },
      PATH,
    );
    expect(summary.text).toBe('');
  });

  it.each([
    undefined,
    null,
    '',
    [],
    1,
    { contents: {} },
    { contents: [1, null] },
    { tools: [1, {}] },
  ] as const)('reads junk %j as an empty first turn', (body) => {
    expect(codec.summarize(body)).toEqual({
      model: undefined,
      turn: 0,
      lastMessage: '',
      tools: [],
      text: '',
    });
  });
});

describe('gemini: writing a reply', () => {
  const summary = codec.summarize(history, PATH);

  it('streams data-only frames, no event lines and no [DONE], finishReason on the last', () => {
    const wire = codec.render(
      reply.message([
        { type: 'text', text: 'Checked. ' },
        { type: 'text', text: 'PASS' },
      ]),
      summary,
    );
    expect(wire.status).toBe(200);
    expect(wire.headers['content-type']).toMatch(/^text\/event-stream/);
    const body = wire.chunks.join('');
    expect(body).not.toContain('event:');
    expect(body).not.toContain('[DONE]');
    // The SDK's framing: each frame is `data: <one-line JSON>` and a blank line.
    expect(body).toMatch(/^(data: [^\n]+\n\n)+$/);
    const frames = parseSse(body).map((frame) => JSON.parse(frame.data));
    expect(frames.map((frame) => frame.candidates[0])).toEqual([
      { content: { role: 'model', parts: [{ text: 'Checked. ' }] }, index: 0 },
      { content: { role: 'model', parts: [{ text: 'PASS' }] }, index: 0, finishReason: 'STOP' },
    ]);
    const usage = frames.at(-1).usageMetadata;
    expect(usage.totalTokenCount).toBe(usage.promptTokenCount + usage.candidatesTokenCount);
    expect(frames.at(-1).modelVersion).toBe('gemini-2.5-pro');
  });

  it("escapes U+2028 and U+2029, which would end the SDK frame pattern's `.` mid-frame", () => {
    const body = codec.render(reply.text('a\u2028b\u2029c'), summary).chunks.join('');
    expect(body).not.toMatch(/[\u2028\u2029]/);
    // The SDK's own frame pattern (@google/genai 1.30 `responseLineRE`) reads the whole frame.
    const frame = /^\s*data: (.*)(?:\n\n|\r\r|\r\n\r\n)/.exec(body);
    expect(JSON.parse(frame![1]!).candidates[0].content.parts[0].text).toBe('a\u2028b\u2029c');
  });

  it('sends a tool call as a functionCall part, with an id only when the script gives one', () => {
    const [first] = parseSse(
      codec.render(reply.toolCall('read_file', { file_path: 'a' }), summary).chunks.join(''),
    );
    expect(JSON.parse(first!.data).candidates[0].content.parts).toEqual([
      { functionCall: { name: 'read_file', args: { file_path: 'a' } } },
    ]);
    const [withId] = parseSse(
      codec.render(reply.toolCall('read_file', {}, { id: 'c7' }), summary).chunks.join(''),
    );
    expect(JSON.parse(withId!.data).candidates[0].content.parts[0].functionCall.id).toBe('c7');
  });

  it('sends a shell command to run_shell_command', () => {
    const frames = parseSse(
      codec.render(reply.shell('ls -a'), summary, SHELL_TOOLS[codec.protocol]).chunks.join(''),
    );
    expect(JSON.parse(frames[0]!.data).candidates[0].content.parts).toEqual([
      { functionCall: { name: 'run_shell_command', args: { command: 'ls -a' } } },
    ]);
  });

  it.each([
    [reply.truncated('Half'), 'MAX_TOKENS'],
    [reply.refused('No.'), 'SAFETY'],
    [reply.text('Yes.'), 'STOP'],
  ] as const)('ends %j with its finishReason', (answer, reason) => {
    const frames = parseSse(codec.render(answer, summary).chunks.join(''));
    expect(JSON.parse(frames.at(-1)!.data).candidates[0].finishReason).toBe(reason);
  });

  it('answers generateContent with the whole reply as one JSON object', () => {
    const wire = geminiUnaryCodec.render(
      reply.message([
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b' },
      ]),
      summary,
    );
    expect(wire.headers['content-type']).toBe('application/json');
    const body = JSON.parse(wire.chunks.join(''));
    expect(body.candidates[0]).toEqual({
      content: { role: 'model', parts: [{ text: 'a' }, { text: 'b' }] },
      index: 0,
      finishReason: 'STOP',
    });
  });

  it.each([
    [400, 'INVALID_ARGUMENT'],
    [429, 'RESOURCE_EXHAUSTED'],
    [500, 'INTERNAL'],
    [503, 'UNAVAILABLE'],
    [418, 'UNKNOWN'],
  ] as const)('answers HTTP %i with a Google error body (%s)', (status, name) => {
    for (const wire of [
      codec.render(reply.httpError(status), summary),
      geminiUnaryCodec.render(reply.httpError(status), summary),
    ]) {
      expect(wire.status).toBe(status);
      const body = JSON.parse(wire.chunks.join(''));
      expect(body).toEqual({ error: { code: status, message: expect.any(String), status: name } });
    }
  });
});
