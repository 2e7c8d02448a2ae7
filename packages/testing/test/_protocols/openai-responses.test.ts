import { describe, expect, it } from 'vitest';
import { openaiResponsesCodec as codec } from '../../src/_protocols/openai-responses.js';
import { reply } from '../../src/reply.js';
import { SHELL_TOOLS } from '../../src/scripted-model.js';
import { parseSse } from '../_sse.js';

const history = {
  model: 'gpt-5.5',
  instructions: 'You are Codex.',
  stream: true,
  store: false,
  tools: [{ type: 'function', name: 'exec_command' }, { type: 'web_search' }],
  input: [
    {
      type: 'message',
      role: 'developer',
      content: [{ type: 'input_text', text: '<skills_instructions>- review: x</skills_instructions>' }],
    },
    { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'list files' }] },
    { type: 'reasoning', summary: [] },
    { type: 'function_call', call_id: 'c1', name: 'exec_command', arguments: '{"cmd":"ls"}' },
    { type: 'function_call_output', call_id: 'c1', output: 'a.txt' },
    { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'One file.' }] },
    {
      type: 'message',
      role: 'user',
      content: [{ type: 'input_text', text: '<hook_prompt hook_run_id="h">Fix it</hook_prompt>' }],
    },
  ],
};

describe('openai responses: reading a request', () => {
  it('counts runs of model items as turns and finds the last user input', () => {
    const summary = codec.summarize(history);
    expect(summary).toMatchObject({
      model: 'gpt-5.5',
      turn: 2,
      lastMessage: '<hook_prompt hook_run_id="h">Fix it</hook_prompt>',
      tools: ['exec_command', 'web_search'],
    });
    expect(summary.text).toContain('<skills_instructions>');
    expect(summary.text).toContain('You are Codex.');
  });

  it('reads a function_call_output as the last message', () => {
    expect(codec.summarize({ ...history, input: history.input.slice(0, 5) })).toMatchObject({
      turn: 1,
      lastMessage: 'a.txt',
    });
  });

  it('reads a string input as one user message', () => {
    expect(codec.summarize({ input: 'hi' })).toMatchObject({ turn: 0, lastMessage: 'hi' });
  });

  it.each([undefined, null, '', [], 7, { input: 3 }, { input: [null, 'x'] }, { tools: 'x' }] as const)(
    'reads junk %j as an empty first turn',
    (body) => {
      expect(codec.summarize(body)).toEqual({
        model: undefined,
        turn: 0,
        lastMessage: '',
        tools: [],
        text: '',
      });
    },
  );
});

describe('openai responses: writing a reply', () => {
  const summary = codec.summarize(history);

  it('streams a text reply as event + data frames, ending with response.completed and usage', () => {
    const wire = codec.render(reply.text('Done.'), summary);
    expect(wire.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const frames = parseSse(wire.chunks.join(''));
    expect(frames.map((frame) => frame.event)).toEqual([
      'response.created',
      'response.output_item.added',
      'response.output_text.delta',
      'response.output_item.done',
      'response.completed',
    ]);
    const events = frames.map((frame) => JSON.parse(frame.data));
    events.forEach((event, index) => {
      expect(event.type).toBe(frames[index]!.event);
      expect(event.sequence_number).toBe(index);
    });
    expect(events[3].item).toEqual({
      id: 'item_scripted_2_0',
      type: 'message',
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text: 'Done.', annotations: [] }],
    });
    const { usage } = events[4].response;
    expect(Object.keys(usage).sort()).toEqual([
      'input_tokens',
      'input_tokens_details',
      'output_tokens',
      'output_tokens_details',
      'total_tokens',
    ]);
    expect(usage.total_tokens).toBe(usage.input_tokens + usage.output_tokens);
  });

  it('sends a shell command as an exec_command function call', () => {
    const frames = parseSse(
      codec.render(reply.shell('ls -a'), summary, SHELL_TOOLS[codec.protocol]).chunks.join(''),
    );
    expect(JSON.parse(frames[2]!.data).item).toEqual({
      id: 'item_scripted_2_0',
      type: 'function_call',
      status: 'completed',
      call_id: 'call_scripted_2_0',
      name: 'exec_command',
      arguments: '{"cmd":"ls -a"}',
    });
  });

  it('sends a shell command as the argv `shell` tool where only that is declared', () => {
    const old = codec.summarize({ ...history, tools: [{ type: 'function', name: 'shell' }] });
    const frames = parseSse(
      codec.render(reply.shell('ls'), old, SHELL_TOOLS[codec.protocol]).chunks.join(''),
    );
    expect(JSON.parse(JSON.parse(frames[2]!.data).item.arguments)).toEqual({
      command: ['bash', '-lc', 'ls'],
    });
  });

  it.each([
    ['a namespace the request declares', 'mcp__probe__echo', { namespace: 'mcp__probe', name: 'echo' }],
    ['a tool declared by its full name', 'exec_command', { name: 'exec_command' }],
    ['no declared namespace', 'mcp__other__echo', { name: 'mcp__other__echo' }],
  ] as const)(
    'sends a call of <namespace>__<tool> split when %s (Codex 0.169 MCP tools)',
    (_, name, expected) => {
      const declared = codec.summarize({
        ...history,
        tools: [
          { type: 'function', name: 'exec_command' },
          { type: 'namespace', name: 'mcp__probe', tools: [{ type: 'function', name: 'echo' }] },
        ],
      });
      const frames = parseSse(
        codec.render(reply.toolCall(name, { value: 'ping' }), declared).chunks.join(''),
      );
      const item = JSON.parse(frames[2]!.data).item;
      expect({ namespace: item.namespace, name: item.name }).toEqual({ namespace: undefined, ...expected });
    },
  );

  it('ends a truncated reply with response.incomplete and reason max_output_tokens', () => {
    const frames = parseSse(codec.render(reply.truncated('Half'), summary).chunks.join(''));
    const last = JSON.parse(frames.at(-1)!.data);
    expect(frames.at(-1)!.event).toBe('response.incomplete');
    expect(last.response).toMatchObject({
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
    });
  });

  it('ends a refused reply with response.incomplete and reason content_filter', () => {
    const frames = parseSse(codec.render(reply.refused('No.'), summary).chunks.join(''));
    expect(frames.at(-1)!.event).toBe('response.incomplete');
    expect(JSON.parse(frames.at(-1)!.data).response.incomplete_details).toEqual({ reason: 'content_filter' });
  });

  it.each([401, 500, 529] as const)('answers HTTP %i with an OpenAI error body', (status) => {
    const wire = codec.render(reply.httpError(status, { message: 'nope' }), summary);
    expect(wire.status).toBe(status);
    expect(JSON.parse(wire.chunks.join(''))).toEqual({
      error: {
        message: 'nope',
        type: status >= 500 ? 'server_error' : 'invalid_request_error',
        code: null,
        param: null,
      },
    });
  });

  describe('a tool the request defers behind a client-side tool search (Codex 0.169, gpt-5.5)', () => {
    const deferred = {
      ...history,
      tools: [
        { type: 'function', name: 'exec_command' },
        { type: 'tool_search', execution: 'client' },
      ],
    };
    const searched = (tools: unknown[]) => ({
      ...deferred,
      input: [
        ...deferred.input,
        {
          type: 'tool_search_call',
          call_id: 'call_scripted_2_0_search',
          execution: 'client',
          arguments: { query: 'echo' },
        },
        { type: 'tool_search_output', call_id: 'call_scripted_2_0_search', execution: 'client', tools },
      ],
    });
    const itemOf = (request: unknown) =>
      JSON.parse(
        parseSse(
          codec
            .render(reply.toolCall('mcp__probe__echo', { value: 'ping' }), codec.summarize(request))
            .chunks.join(''),
        )[2]!.data,
      ).item;

    it('is searched for first, by its own name, where the request offers a tool search', () => {
      expect(itemOf(deferred)).toMatchObject({
        type: 'tool_search_call',
        execution: 'client',
        arguments: { query: 'echo' },
        call_id: 'call_scripted_2_0_search',
      });
      expect(itemOf(history)).toMatchObject({ type: 'function_call', name: 'mcp__probe__echo' });
    });

    it('is then called in the namespace the search loaded (the search is no turn and no message of the script), or as asked when it found nothing', () => {
      const loaded = searched([
        { type: 'namespace', name: 'mcp__probe', tools: [{ type: 'function', name: 'echo' }] },
      ]);
      const summary = codec.summarize(loaded);
      const before = codec.summarize(deferred);
      expect(summary).toMatchObject({ turn: before.turn, lastMessage: before.lastMessage });
      expect(summary.tools).toContain('mcp__probe');
      expect(itemOf(loaded)).toMatchObject({
        type: 'function_call',
        namespace: 'mcp__probe',
        name: 'echo',
        call_id: 'call_scripted_2_0',
      });
      // Never searched again: the runtime refuses the call instead of the model searching forever.
      expect(itemOf(searched([]))).toMatchObject({ type: 'function_call', name: 'mcp__probe__echo' });
    });
  });
});
