import { describe, expect, it } from 'vitest';
import { chatCompletionsCodec as codec } from '../../src/_protocols/chat-completions.js';
import { reply } from '../../src/reply.js';
import { SHELL_TOOLS } from '../../src/scripted-model.js';
import { parseSse } from '../_sse.js';

const history = {
  model: 'model',
  stream: true,
  stream_options: { include_usage: true },
  tools: [
    { type: 'function', function: { name: 'bash' } },
    { type: 'function', function: { name: 'skill' } },
  ],
  messages: [
    { role: 'system', content: '<available_skills>review</available_skills>' },
    { role: 'user', content: [{ type: 'text', text: 'list files' }] },
    {
      role: 'assistant',
      content: '',
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'bash', arguments: '{"command":"ls"}' } }],
    },
    { role: 'tool', tool_call_id: 'c1', content: 'a.txt' },
  ],
};

describe('chat completions: reading a request', () => {
  it('counts assistant turns and reads a tool message as the last message', () => {
    const summary = codec.summarize(history);
    expect(summary).toMatchObject({
      model: 'model',
      turn: 1,
      lastMessage: 'a.txt',
      tools: ['bash', 'skill'],
    });
    expect(summary.text).toContain('<available_skills>');
    expect(summary.text).toContain('bash {"command":"ls"}');
  });

  it('tells a title request (no tools) from the agent request', () => {
    expect(codec.summarize({ messages: history.messages.slice(0, 2) })).toMatchObject({ tools: [], turn: 0 });
  });

  it.each([
    undefined,
    null,
    '',
    [],
    1,
    { messages: {} },
    { messages: [1, null] },
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

describe('chat completions: writing a reply', () => {
  const summary = codec.summarize(history);

  it('streams data-only chunks: role, content, finish_reason, usage, [DONE]', () => {
    const wire = codec.render(reply.text('Done.'), summary);
    const body = wire.chunks.join('');
    expect(body).not.toContain('event:');
    expect(body.endsWith('data: [DONE]\n\n')).toBe(true);
    const frames = parseSse(body);
    expect(frames.at(-1)!.data).toBe('[DONE]');
    const chunks = frames.slice(0, -1).map((frame) => JSON.parse(frame.data));
    for (const chunk of chunks) {
      expect(chunk).toMatchObject({
        id: 'chatcmpl-scripted-1',
        object: 'chat.completion.chunk',
        model: 'model',
      });
    }
    expect(chunks.map((chunk) => chunk.choices[0] ?? null)).toEqual([
      { index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null },
      { index: 0, delta: { content: 'Done.' }, finish_reason: null },
      { index: 0, delta: {}, finish_reason: 'stop' },
      null,
    ]);
    expect(chunks.at(-1).usage.total_tokens).toBe(
      chunks.at(-1).usage.prompt_tokens + chunks.at(-1).usage.completion_tokens,
    );
  });

  it('streams a tool call with index, id and arguments, finishing with tool_calls', () => {
    const frames = parseSse(
      codec.render(reply.toolCall('skill', { name: 'review' }), summary).chunks.join(''),
    );
    const chunks = frames.slice(0, -1).map((frame) => JSON.parse(frame.data));
    expect(chunks[1].choices[0].delta.tool_calls).toEqual([
      {
        index: 0,
        id: 'call_scripted_1_0',
        type: 'function',
        function: { name: 'skill', arguments: '{"name":"review"}' },
      },
    ]);
    expect(chunks[2].choices[0].finish_reason).toBe('tool_calls');
  });

  it('sends a shell command to the bash tool with the description it requires', () => {
    const frames = parseSse(
      codec.render(reply.shell('ls'), summary, SHELL_TOOLS[codec.protocol]).chunks.join(''),
    );
    const call = JSON.parse(frames[1]!.data).choices[0].delta.tool_calls[0];
    expect(call.function).toEqual({
      name: 'bash',
      arguments: '{"command":"ls","description":"Run a scripted command"}',
    });
  });

  it("sends a shell command to Qwen Code's run_shell_command when the request declares it and no bash", () => {
    const qwen = { ...summary, tools: ['read_file', 'run_shell_command', 'skill'] };
    const frames = parseSse(
      codec.render(reply.shell('ls'), qwen, SHELL_TOOLS[codec.protocol]).chunks.join(''),
    );
    const call = JSON.parse(frames[1]!.data).choices[0].delta.tool_calls[0];
    expect(call.function.name).toBe('run_shell_command');
    expect(JSON.parse(call.function.arguments)).toMatchObject({ command: 'ls' });
  });

  it('finishes a truncated reply with finish_reason length', () => {
    const frames = parseSse(codec.render(reply.truncated('Half'), summary).chunks.join(''));
    expect(JSON.parse(frames[2]!.data).choices[0].finish_reason).toBe('length');
  });

  it('finishes a refused reply with finish_reason content_filter', () => {
    const frames = parseSse(codec.render(reply.refused('No.'), summary).chunks.join(''));
    expect(JSON.parse(frames[2]!.data).choices[0].finish_reason).toBe('content_filter');
  });

  it.each([401, 500, 529] as const)('answers HTTP %i with an OpenAI error body', (status) => {
    const wire = codec.render(reply.httpError(status), summary);
    expect(wire.status).toBe(status);
    expect(JSON.parse(wire.chunks.join('')).error.message).toContain('(scripted)');
  });
  describe('a tool the request defers behind a tool_search function (Qwen Code 0.24.4)', () => {
    const deferred = {
      ...history,
      tools: [...history.tools, { type: 'function', function: { name: 'tool_search' } }],
    };
    const searched = (found: string) => ({
      ...deferred,
      messages: [
        ...deferred.messages,
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_scripted_1_0_search',
              type: 'function',
              function: { name: 'tool_search', arguments: '{"query":"mcp__probe__echo"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_scripted_1_0_search', content: found },
      ],
    });
    const callOf = (request: unknown) =>
      JSON.parse(
        parseSse(
          codec
            .render(reply.toolCall('mcp__probe__echo', { value: 'ping' }), codec.summarize(request))
            .chunks.join(''),
        )[1]!.data,
      ).choices[0].delta.tool_calls[0];

    it('is searched for first, by its full name, where the request declares tool_search', () => {
      expect(callOf(deferred)).toEqual({
        index: 0,
        id: 'call_scripted_1_0_search',
        type: 'function',
        function: { name: 'tool_search', arguments: '{"query":"mcp__probe__echo"}' },
      });
      expect(callOf(history).function.name).toBe('mcp__probe__echo');
    });

    it('is then called by name (the search is no turn, message or text of the script), and never searched twice', () => {
      const loaded = searched('<functions>\n<function>{"name":"mcp__probe__echo"}</function>\n</functions>');
      const before = codec.summarize(deferred);
      expect(codec.summarize(loaded)).toEqual(before);
      expect(callOf(loaded)).toEqual({
        index: 0,
        id: 'call_scripted_1_0',
        type: 'function',
        function: { name: 'mcp__probe__echo', arguments: '{"value":"ping"}' },
      });
      // Found nothing: the call goes out as asked and the runtime refuses it, instead of a search forever.
      expect(callOf(searched("No tools found matching 'mcp__probe__echo'.")).function.name).toBe(
        'mcp__probe__echo',
      );
    });
  });
});
