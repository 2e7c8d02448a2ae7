import { describe, expect, it } from 'vitest';
import { declaredSchema, offeredNames, sampleValue } from '../../src/doctor/prove-mcp.js';
import { qwenCodeMcp } from '../../src/runtimes/qwen-code/mcp.js';

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

  it('keeps within the bounds zod writes: a positive number, a non-empty array', () => {
    const bounded = {
      type: 'object',
      properties: {
        amount: { type: 'number', exclusiveMinimum: 0 },
        whole: { type: 'integer', exclusiveMinimum: 2 },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
      },
      required: ['amount', 'whole', 'tags'],
    };
    expect(sampleValue(bounded)).toEqual({ amount: 1, whole: 3, tags: ['skillpack doctor'] });
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

  it('finds the schema a tool search answered with as text (a deferred tool, Qwen Code 0.24.4)', () => {
    const declaration = {
      name: 'mcp__p__echo',
      description: 'Echo \u003cvalue\u003e',
      parametersJsonSchema: schema,
    };
    const other = { name: 'mcp__p__other', parametersJsonSchema: { type: 'object' } };
    const found = `<functions>\n<function>${JSON.stringify(other)}</function>\n<function>${JSON.stringify(declaration)}</function>\n</functions>`;
    const body = {
      tools: [{ type: 'function', function: { name: 'tool_search', parameters: { type: 'object' } } }],
      messages: [
        { role: 'user', content: 'call it' },
        { role: 'tool', tool_call_id: 'c1', content: found },
      ],
    };
    expect(declaredSchema(body, 'mcp__p__echo')).toEqual(schema);
    expect(
      declaredSchema({ messages: [{ role: 'tool', content: '<function>{not json}</function>' }] }, 'x'),
    ).toBe(undefined);
  });

  it.each([undefined, null, 'x', {}])('calls with {} when no schema is declared (%j)', (body) => {
    expect(sampleValue(declaredSchema(body, 'mcp__p__echo'))).toEqual({});
  });
});

describe("a runtime's own refusal of doctor's value (argumentRefusal)", () => {
  it.each([
    "params must have required property 'value'",
    'params/answer/amount must be > 0',
    'params/answer must NOT have additional properties',
  ])('Qwen Code 0.24.4: %s', (answer) => {
    expect(qwenCodeMcp.argumentRefusal?.test(answer)).toBe(true);
  });

  it.each(['echoed:skillpack doctor', 'answer.amount: must be positive', 'params are fine'])(
    'a server answer is none: %s',
    (answer) => {
      expect(qwenCodeMcp.argumentRefusal?.test(answer)).toBe(false);
    },
  );
});
