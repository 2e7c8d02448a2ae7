import { describe, expect, expectTypeOf, it } from 'vitest';
import { ProtocolError } from '../src/errors.js';
import { type Failure, fail, ok, type Result, type Success, unwrap } from '../src/result.js';

describe('Result', () => {
  it('has one shape: data only on a success, error only on a failure', () => {
    expectTypeOf<Success<number>['error']>().toEqualTypeOf<undefined>();
    expectTypeOf<Failure<string>['data']>().toEqualTypeOf<undefined>();
    const result = ok(1) as Result<number, ProtocolError<'bad'>>;
    // Reading either field needs no narrowing, and the other side's field is `undefined` in the type.
    expectTypeOf(result.data).toEqualTypeOf<number | undefined>();
    expectTypeOf(result.error).toEqualTypeOf<ProtocolError<'bad'> | undefined>();
    if (result.error === undefined) expectTypeOf(result).toEqualTypeOf<Success<number>>();
  });

  it('keeps warnings on a success only when there are some', () => {
    expect(ok('x')).toEqual({ success: true, data: 'x' });
    expect(ok('x', [])).toEqual({ success: true, data: 'x' });
    expect(ok('x', [{ code: 'w', message: 'm' }]).warnings).toEqual([{ code: 'w', message: 'm' }]);
    expect(fail('e')).toEqual({ success: false, error: 'e' });
  });

  it('unwrap returns the data or throws the typed error', () => {
    expect(unwrap(ok(3))).toBe(3);
    const error = new ProtocolError('bad', 'Expected good; received bad.');
    expect(() => unwrap(fail(error))).toThrow(error);
  });
});
