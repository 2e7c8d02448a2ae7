import { ConfigError, ProtocolError, SkillpackError } from '@skillpack/core';
import { describe, expect, it } from 'vitest';
import { EXIT, exitCodeFor, IoError, UsageError } from '../../src/cli/exit-code.js';

describe('exitCodeFor, the one mapping from a failure to an exit code', () => {
  it.each([
    ['a ConfigError', new ConfigError('config_invalid', 'bad'), EXIT.failed],
    ['a ProtocolError', new ProtocolError('lock_file_corrupt', 'bad'), EXIT.failed],
    ['another typed error', new SkillpackError('template_missing_variable', 'bad'), EXIT.failed],
    ['a UsageError', new UsageError('unknown_option', 'bad'), EXIT.usage],
    ['an IoError', new IoError('input_unreadable', 'bad'), EXIT.usage],
    [
      'a Node system error',
      Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' }),
      EXIT.usage,
    ],
  ] as const)('%s exits %i', (_label, error, code) => {
    expect(exitCodeFor(error)).toBe(code);
  });

  it.each([
    ['a TypeError', new TypeError('x is undefined')],
    ['a string', 'oops'],
    ['undefined', undefined],
    ['an error with a non-errno code', Object.assign(new Error('x'), { code: 'ERR_SOMETHING' })],
  ])('leaves a bug (%s) unmapped', (_label, error) => {
    expect(exitCodeFor(error)).toBeUndefined();
  });
});
