import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  ConfigError,
  createContractRegistry,
  defineContract,
  ProtocolError,
  toJsonSchema,
} from '../src/index.js';

const PingSchema = z.strictObject({ status: z.enum(['up', 'down']), note: z.string().optional() });

const ping = defineContract({
  id: 'test.ping',
  version: '1.0.0',
  title: 'Ping',
  description: 'A test contract.',
  delivery: 'text',
  schema: PingSchema,
  examples: [{ name: 'up', value: { status: 'up' } }],
});

describe('defineContract', () => {
  it('types extract results with the schema output', () => {
    expectTypeOf(ping.extract('')).toExtend<
      { success: true; data: { status: 'up' | 'down'; note?: string | undefined } } | { success: false }
    >();
  });

  it('extracts the last valid JSON payload from text, outside or inside a json fence', () => {
    const text = ['intro', '{"status":"down"}', '```json', '{', '  "status": "up"', '}', '```'].join('\n');
    const result = ping.extract(text);
    expect(result).toMatchObject({ success: true, data: { status: 'up' } });
    // Two different valid payloads: the last wins, and the result says there was a choice.
    expect(result.success && result.warnings?.map((warning) => warning.code)).toEqual(['several_candidates']);
  });

  it('reports a typed error naming the field when the payload is wrong', () => {
    const result = ping.extract('{"status":"sideways"}');
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error).toBeInstanceOf(ProtocolError);
    expect(result.error.code).toBe('invalid_payload');
    expect(result.error.details.fieldPath).toBe('status');
  });

  it('reports missing_payload when the text has no JSON object', () => {
    const result = ping.extract('nothing here');
    expect(result.success || result.error.code).toBe('missing_payload');
  });

  it('renders one JSON line by default and corrects with an example', () => {
    expect(ping.render({ status: 'up' })).toBe('{"status":"up"}');
    const correction = ping.correct(new ProtocolError('x', 'status is missing'));
    expect(correction).toContain('status is missing');
    expect(correction).toContain('{"status":"up"}');
  });

  it('emits a closed JSON Schema and an OpenAI-strict variant with every property required', () => {
    const schema = ping.toJSONSchema();
    expect(schema).toMatchObject({ type: 'object', additionalProperties: false, required: ['status'] });
    const strict = ping.toJSONSchema({ variant: 'openai' });
    expect(strict.required).toEqual(['status', 'note']);
    expect((strict.properties as Record<string, unknown>).note).toEqual({
      anyOf: [{ type: 'string' }, { type: 'null' }],
    });
  });

  it.each(['Ping', 'ping', 'a.', '.a', 'a b.c'])('rejects the id %j', (id) => {
    expect(() => defineContract({ ...ping, id, schema: PingSchema })).toThrow(ConfigError);
  });

  it.each([undefined, null, 42, '', '{', '[]', '{"__proto__":{"polluted":true}}'])(
    'never throws on junk text %j',
    (junk) => {
      const result = ping.extract(junk as string);
      expect(result.success).toBe(false);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );
});

describe('createContractRegistry', () => {
  const registry = createContractRegistry([ping]);

  it('finds contracts by id and lists ids sorted', () => {
    expect(registry.get('test.ping')).toBe(ping);
    expect(registry.ids).toEqual(['test.ping']);
    expect(registry.has('test.pong')).toBe(false);
  });

  it('names the known ids when a contract is unknown', () => {
    expect(() => registry.require('test.pong')).toThrow(
      /Unknown contract "test.pong". Known contracts: test.ping/,
    );
  });

  it('refuses duplicate ids', () => {
    expect(() => createContractRegistry([ping, ping])).toThrow(ConfigError);
  });
});

describe('toOpenAiStrictSchema', () => {
  it('leaves records open rather than silently closing them', () => {
    const schema = toJsonSchema(z.strictObject({ signals: z.record(z.string(), z.string()) }), {
      variant: 'openai',
    });
    expect(
      (schema.properties as Record<string, Record<string, unknown>>).signals?.additionalProperties,
    ).toEqual({
      type: 'string',
    });
  });
});
