import { describe, expect, it } from 'vitest';
import { declaredSchema, offeredNames, sampleValue } from '../../src/doctor/prove-mcp.js';

const request = (body: unknown, text = JSON.stringify(body)) => ({ body, rawBody: text });

describe('offeredNames: the tools of a server a request offers the model', () => {
  it.each([
    [
      'declared tools (Chat Completions)',
      {
        tools: [{ type: 'function', function: { name: 'probe-pack-echo' } }, { function: { name: 'bash' } }],
      },
      'probe-pack-',
      ['probe-pack-echo'],
    ],
    [
      'a Codex namespace',
      {
        tools: [{ type: 'namespace', name: 'mcp__probe_pack', tools: [{ type: 'function', name: 'echo' }] }],
      },
      'mcp__probe_pack__',
      ['mcp__probe_pack__echo'],
    ],
    [
      'a deferred tool named only in text (Claude Code, Qwen Code)',
      { system: 'load by name: mcp__probe-pack__echo\nmcp__other__x' },
      'mcp__probe-pack__',
      ['mcp__probe-pack__echo'],
    ],
    ['another server only', { tools: [{ name: 'mcp__other__echo' }] }, 'mcp__probe-pack__', []],
    ['the bare prefix', { tools: [{ name: 'mcp__probe-pack__' }] }, 'mcp__probe-pack__', []],
  ])('%s', (_, body, prefix, names) => {
    expect(offeredNames(request(body), prefix)).toEqual(names);
  });

  it.each([undefined, null, 'text', []])('reads a body of %j without throwing', (body) => {
    expect(offeredNames({ body, rawBody: '' }, 'mcp__x__')).toEqual([]);
  });
});

describe('the arguments doctor calls a tool with', () => {
  const schema = {
    type: 'object',
    properties: {
      value: { type: 'string' },
      count: { type: 'integer', minimum: 1 },
      kind: { enum: ['pass', 'fail'] },
      nested: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      optional: { type: 'string' },
    },
    required: ['value', 'count', 'kind', 'nested'],
  };

  it('fills every required property by its type, and nothing else', () => {
    expect(sampleValue(schema)).toEqual({
      value: 'skillpack doctor',
      count: 1,
      kind: 'pass',
      nested: { ok: false },
    });
  });

  it.each([
    [
      'Chat Completions',
      { tools: [{ type: 'function', function: { name: 'p-echo', parameters: schema } }] },
      'p-echo',
    ],
    [
      'a Codex namespace',
      { tools: [{ type: 'namespace', name: 'mcp__p', tools: [{ name: 'echo', parameters: schema }] }] },
      'mcp__p__echo',
    ],
    [
      'Gemini',
      { tools: [{ functionDeclarations: [{ name: 'mcp_p_echo', parametersJsonSchema: schema }] }] },
      'mcp_p_echo',
    ],
    ['Anthropic Messages', { tools: [{ name: 'mcp__p__echo', input_schema: schema }] }, 'mcp__p__echo'],
  ])('finds the declared schema in a %s request', (_, body, tool) => {
    expect(declaredSchema(body, tool)).toBe(schema);
  });

  it.each([undefined, null, 'x', {}])('calls with {} when no schema is declared (%j)', (body) => {
    expect(sampleValue(declaredSchema(body, 'mcp__p__echo'))).toEqual({});
  });
});
