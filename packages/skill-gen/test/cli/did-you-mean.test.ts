import { describe, expect, it } from 'vitest';
import { didYouMean } from '../../src/cli/did-you-mean.js';

const COMMANDS = ['build', 'check', 'schemas', 'docs', 'parse', 'lint', 'install', 'uninstall', 'list'];

describe('didYouMean', () => {
  it.each([
    ['biuld', 'build'],
    ['buidl', 'build'],
    ['BUILD', 'build'],
    ['instal', 'install'],
    ['lsit', 'list'],
    ['schema', 'schemas'],
    ['uninst', 'uninstall'],
  ] as const)('%s -> %s', (typo, meant) => {
    expect(didYouMean(typo, COMMANDS)).toBe(meant);
  });

  it.each(['frobnicate', 'x', '', 'deploy', 'l'])('suggests nothing for %j', (typo) => {
    expect(didYouMean(typo, COMMANDS)).toBeUndefined();
  });

  it('prefers the closest name', () => {
    expect(didYouMean('lint', ['list', 'lint'])).toBe('lint');
    expect(didYouMean('confg', ['config', 'contracts'])).toBe('config');
  });
});
