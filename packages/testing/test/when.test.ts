import { describe, expect, it } from 'vitest';
import { reply } from '../src/reply.js';
import {
  chooseReply,
  type MatchedRequest,
  matches,
  otherwise,
  type RequestMatcher,
  when,
} from '../src/when.js';

const request: MatchedRequest = {
  index: 0,
  method: 'POST',
  url: '/v1/messages',
  headers: {},
  rawBody: '',
  body: undefined,
  protocol: 'anthropic-messages',
  model: 'm',
  turn: 2,
  lastMessage: 'Stop hook feedback:\nAnswer with {"acceptance":"pass"}',
  tools: ['Bash', 'Skill'],
  hasTools: true,
  text: 'system\n- review: check a change',
};

describe('matches', () => {
  it.each([
    [{}, true],
    [{ turn: 2 }, true],
    [{ turn: 1 }, false],
    [{ turn: { min: 1 } }, true],
    [{ turn: { min: 3 } }, false],
    [{ turn: { max: 2 } }, true],
    [{ turn: { min: 0, max: 1 } }, false],
    [{ lastMessageIncludes: 'Stop hook feedback' }, true],
    [{ lastMessageIncludes: 'review' }, false],
    [{ lastMessageIncludes: /acceptance"?:\s*"pass/ }, true],
    [{ lastMessageIncludes: /ACCEPTANCE/g }, false],
    [{ requestIncludes: '- review:' }, true],
    [{ requestIncludes: 'missing' }, false],
    [{ hasTools: true }, true],
    [{ hasTools: false }, false],
    [{ tool: 'Skill' }, true],
    [{ tool: 'skill' }, false],
    [{ protocol: 'anthropic-messages' }, true],
    [{ protocol: 'chat-completions' }, false],
    [{ turn: 2, hasTools: true, tool: 'Bash' }, true],
    [{ turn: 2, hasTools: false }, false],
  ] satisfies [RequestMatcher, boolean][])('%j -> %s', (matcher, expected) => {
    expect(matches(matcher, request)).toBe(expected);
  });

  it('gives the same answer for a global pattern every time', () => {
    const matcher = { lastMessageIncludes: /pass/g };
    expect([matches(matcher, request), matches(matcher, request), matches(matcher, request)]).toEqual([
      true,
      true,
      true,
    ]);
  });
});

describe('chooseReply', () => {
  it('takes the first rule that holds, with its index', () => {
    const rules = [
      when({ turn: 0 }, reply.text('a')),
      when({ turn: 2 }, reply.text('b')),
      otherwise(reply.text('c')),
    ];
    expect(chooseReply(rules, request)).toEqual({ rule: 1, reply: reply.text('b') });
  });

  it('gives undefined when no rule holds', () => {
    expect(chooseReply([when({ hasTools: false }, reply.text('title'))], request)).toBeUndefined();
  });
});

describe('reply', () => {
  it.each([200, 399, 600, 4.5])('refuses HTTP status %s for an error', (status) => {
    expect(() => reply.httpError(status)).toThrow(RangeError);
  });

  it('builds text, tool calls and truncated messages', () => {
    expect(reply.text('x')).toEqual({ kind: 'message', parts: [{ type: 'text', text: 'x' }], stop: 'end' });
    expect(reply.toolCall('Skill', { skill: 'review' }, { text: 'Loading.' })).toMatchObject({
      parts: [
        { type: 'text', text: 'Loading.' },
        { type: 'tool_call', name: 'Skill', input: { skill: 'review' } },
      ],
    });
    expect(reply.truncated('Hal')).toMatchObject({ stop: 'length' });
    expect(reply.refused('No.')).toMatchObject({ stop: 'refusal' });
  });
});
