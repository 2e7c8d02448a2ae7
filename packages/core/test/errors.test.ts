import { describe, expect, it } from 'vitest';
import { ConfigError, describeValue, fail, ok, ProtocolError, SkillpackError, unwrap } from '../src/index.js';

describe('error family', () => {
  it('carries code, details and cause, and serialises without the stack', () => {
    const cause = new Error('io');
    const error = new ProtocolError('missing_verdict', 'No verdict.', { details: { line: 3 }, cause });
    expect(error).toBeInstanceOf(SkillpackError);
    expect(error.cause).toBe(cause);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'ProtocolError',
      code: 'missing_verdict',
      message: 'No verdict.',
      details: { line: 3 },
    });
    expect(new ConfigError('x', 'y').name).toBe('ConfigError');
  });

  it('unwraps a success and throws a failure', () => {
    expect(unwrap(ok(1))).toBe(1);
    const error = new ProtocolError('bad', 'Bad.');
    expect(() => unwrap(fail(error))).toThrow(error);
    expect(ok(1, [])).toEqual({ success: true, data: 1 });
  });

  it.each([
    [undefined, 'undefined'],
    ['x'.repeat(500), `"${'x'.repeat(119)}… (`],
    [{ a: 1 }, '{"a":1}'],
    [10n, 'bigint'],
  ] as const)('describes value #%# briefly', (value, expected) => {
    expect(describeValue(value)).toContain(expected);
  });

  it('describes cyclic values without throwing', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(describeValue(cyclic)).toBe('object');
  });
});
