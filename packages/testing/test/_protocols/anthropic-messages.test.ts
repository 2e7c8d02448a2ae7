import { describe, expect, it } from 'vitest';
import { anthropicMessagesCodec as codec } from '../../src/_protocols/anthropic-messages.js';
import { reply } from '../../src/reply.js';
import { SHELL_TOOLS } from '../../src/scripted-model.js';
import { parseSse } from '../_sse.js';

const history = {
  model: 'claude-sonnet-4-5',
  system: [{ type: 'text', text: 'You are Claude Code.' }],
  tools: [{ name: 'Bash' }, { name: 'Skill' }],
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'list files' }] },
    { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'ls' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'a.txt\nb.txt' }] },
    { role: 'system', content: 'The skills available: - review: check a change' },
    { role: 'assistant', content: [{ type: 'text', text: 'Two files.' }] },
    { role: 'user', content: 'Stop hook feedback:\nAnswer with a verdict.' },
  ],
};

describe('anthropic messages: reading a request', () => {
  it('counts assistant turns, finds the last user message and the declared tools', () => {
    const summary = codec.summarize(history);
    expect(summary).toMatchObject({
      model: 'claude-sonnet-4-5',
      turn: 2,
      lastMessage: 'Stop hook feedback:\nAnswer with a verdict.',
      tools: ['Bash', 'Skill'],
    });
    expect(summary.text).toContain('You are Claude Code.');
    expect(summary.text).toContain('- review: check a change');
    expect(summary.text).toContain('a.txt\nb.txt');
  });

  it('reads a tool result as the last message', () => {
    const summary = codec.summarize({ ...history, messages: history.messages.slice(0, 3) });
    expect(summary).toMatchObject({ turn: 1, lastMessage: 'a.txt\nb.txt' });
  });

  it.each([undefined, null, '', '{', [], 42, { messages: 'x' }, { messages: [null, 1, 'a'] }] as const)(
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

describe('anthropic messages: writing a reply', () => {
  const summary = codec.summarize(history);

  it('streams a text reply byte for byte in the Messages event order', () => {
    const wire = codec.render(reply.text('Done.'), summary);
    expect(wire.status).toBe(200);
    expect(wire.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const body = wire.chunks.join('');
    expect(
      body.startsWith('event: message_start\ndata: {"type":"message_start","message":{"id":"msg_scripted_2"'),
    ).toBe(true);
    expect(body).toContain(
      'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n' +
        'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Done."}}\n\n' +
        'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n',
    );
    expect(body.endsWith('event: message_stop\ndata: {"type":"message_stop"}\n\n')).toBe(true);
    const frames = parseSse(body);
    expect(frames.map((frame) => frame.event)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    for (const frame of frames) expect(JSON.parse(frame.data).type).toBe(frame.event);
    expect(JSON.parse(frames[4]!.data).delta).toEqual({ stop_reason: 'end_turn', stop_sequence: null });
  });

  it('streams text then a tool call, ending with stop_reason tool_use', () => {
    const wire = codec.render(
      reply.shell('ls -a', { text: 'Looking.' }),
      summary,
      SHELL_TOOLS[codec.protocol],
    );
    const frames = parseSse(wire.chunks.join('')).map((frame) => JSON.parse(frame.data));
    expect(frames[4]).toEqual({
      type: 'content_block_start',
      index: 1,
      content_block: { type: 'tool_use', id: 'toolu_scripted_2_1', name: 'Bash', input: {} },
    });
    expect(frames[5]).toEqual({
      type: 'content_block_delta',
      index: 1,
      delta: {
        type: 'input_json_delta',
        partial_json: '{"command":"ls -a","description":"Run a scripted command"}',
      },
    });
    expect(frames.at(-2).delta.stop_reason).toBe('tool_use');
  });

  it('ends a truncated reply with stop_reason max_tokens', () => {
    const frames = parseSse(codec.render(reply.truncated('Half a sen'), summary).chunks.join(''));
    expect(JSON.parse(frames.at(-2)!.data).delta.stop_reason).toBe('max_tokens');
  });

  it('ends a refused reply with stop_reason refusal', () => {
    const frames = parseSse(codec.render(reply.refused('No.'), summary).chunks.join(''));
    expect(JSON.parse(frames.at(-2)!.data).delta.stop_reason).toBe('refusal');
  });

  it.each([
    [401, 'authentication_error'],
    [500, 'api_error'],
    [529, 'overloaded_error'],
    [429, 'rate_limit_error'],
  ] as const)('answers HTTP %i with an Anthropic error body of type %s', (status, type) => {
    const wire = codec.render(reply.httpError(status), summary);
    expect(wire.status).toBe(status);
    expect(wire.headers['content-type']).toBe('application/json');
    const body = JSON.parse(wire.chunks.join(''));
    expect(body).toEqual({ type: 'error', error: { type, message: expect.stringContaining('(scripted)') } });
  });
});
