import { describe, expect, it } from 'vitest';
import { safeParseJsonText } from '../../src/devflow/json-text.js';

function rule(input: unknown, options = {}) {
  const result = safeParseJsonText(input, options);
  return result.success ? 'ok' : result.error.details.rule;
}

describe('safeParseJsonText', () => {
  it.each([
    ['{"a":1,"a":2}', 'duplicate_member'],
    ['{"a":{"b":1,"b":1}}', 'duplicate_member'],
    ['[{"x":1},{"x":1,"y":[{"z":1,"z":2}]}]', 'duplicate_member'],
    ['{"a":1,"\\u0061":2}', 'duplicate_member'],
    ['{"a\\"b":1,"a\\u0022b":2}', 'duplicate_member'],
    ['{"a":1,"A":2}', 'ok'],
    ['[{"a":1},{"a":1}]', 'ok'],
    ['{"a":{"a":{"a":1}}}', 'ok'],
    [' {"a" : [ 1 , -2.5e+3 , true , false , null , "s\\n" ] } ', 'ok'],
    ['{', 'truncated'],
    ['{"a":[1,2', 'truncated'],
    ['{"a":"unterminated', 'truncated'],
    ['{"a":}', 'invalid_json'],
    ['{"a":1,}', 'invalid_json'],
    ['[1,]', 'invalid_json'],
    ["{'a':1}", 'invalid_json'],
    ['{"a":01}', 'invalid_json'],
    ['{"a":1.}', 'invalid_json'],
    ['{"a":"\\x"}', 'invalid_json'],
    ['{"a":"\\u12"}', 'invalid_json'],
    ['{"a":"tab\there"}', 'invalid_json'],
    ['{} {}', 'invalid_json'],
    ['\ufeff{}', 'invalid_json'],
    ['', 'truncated'],
    ['nul', 'invalid_json'],
    ['"\ud800"', 'invalid_utf8'],
    ['"\\ud800"', 'ok'],
  ] as const)('%j -> %s', (text, expected) => {
    expect(rule(text)).toBe(expected);
  });

  it('agrees with JSON.parse on the value when the text is accepted', () => {
    const text = '{"a":[1,{"b":"\\u00e9"}],"__proto__":{"polluted":true}}';
    const result = safeParseJsonText(text);
    expect(result).toEqual({ success: true, data: JSON.parse(text) });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('names the member and where the duplicate is', () => {
    const result = safeParseJsonText('{"outer":[{"k":1,"k":2}]}');
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.details).toMatchObject({
      rule: 'duplicate_member',
      member: 'k',
      fieldPath: 'outer[0].k',
    });
    expect(result.error.code).toBe('INVALID_ARGUMENT');
  });

  it('refuses text over the byte limit, naming the limit', () => {
    const result = safeParseJsonText(`"${'é'.repeat(70_000)}"`);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.details).toMatchObject({
      rule: 'too_large',
      limit: 'MAX_ACTION_PAYLOAD_BYTES',
      max: 131_072,
    });
    expect(result.error.message).toContain('MAX_ACTION_PAYLOAD_BYTES');
  });

  it('reads UTF-8 bytes and refuses invalid sequences', () => {
    expect(rule(new TextEncoder().encode('{"a":"é"}'))).toBe('ok');
    expect(rule(new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x22, 0x7d]))).toBe('invalid_utf8');
    expect(rule(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]))).toBe('invalid_json');
  });

  it('refuses nesting deeper than the limit without growing the call stack', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expect(rule(deep, { maxBytes: 1_000_000 })).toBe('too_deep');
    expect(rule('[[[1]]]', { maxDepth: 2 })).toBe('too_deep');
    expect(rule('[[1]]', { maxDepth: 2 })).toBe('ok');
    const deepObjects = `${'{"a":'.repeat(9_999)}1${'}'.repeat(9_999)}`;
    expect(rule(deepObjects, { maxBytes: 1_000_000 })).toBe('ok');
  });

  // Its time, as a ratio of input sizes, is measured in bench/linear-scans.bench.mjs.
  it('scans multi-megabyte input', () => {
    const members = Array.from({ length: 60_000 }, (_, i) => `"k${i}":"${'x'.repeat(40)}"`).join(',');
    const text = `{${members}}`;
    expect(text.length).toBeGreaterThan(3_000_000);
    expect(rule(text, { maxBytes: 10_000_000 })).toBe('ok');
    const longString = `"${'\\\\'.repeat(1_500_000)}"`;
    expect(rule(longString, { maxBytes: 10_000_000 })).toBe('ok');
  });

  it.each([undefined, null, 42, {}, [], true])('refuses a non-text input %j', (input) => {
    expect(rule(input)).toBe('not_text');
  });
});
