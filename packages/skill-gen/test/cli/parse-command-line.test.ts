import { describe, expect, it } from 'vitest';
import { defineCommand } from '../../src/cli/command.js';
import { UsageError } from '../../src/cli/exit-code.js';
import { parseCommandLine } from '../../src/cli/parse-command-line.js';

const demo = defineCommand({
  name: 'demo',
  summary: 'A demo',
  description: 'Demonstrates.',
  positionals: [{ name: 'FILE', description: 'A file' }],
  options: {
    out: { type: 'string', short: 'o', value: 'DIR', description: 'Where' },
    target: {
      type: 'string',
      short: 't',
      value: 'T',
      multiple: true,
      choices: ['a', 'b', 'c'],
      description: 'Which',
    },
    level: { type: 'string', value: 'N', default: 'low', choices: ['low', 'high'], description: 'How much' },
    force: { type: 'boolean', short: 'f', description: 'Force' },
  },
  output: 'formats',
  exits: { ok: 'done' },
  run: async () => 0,
});

function usageError(args: readonly string[]): UsageError {
  try {
    parseCommandLine(demo, args);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error(`parsed ${JSON.stringify(args)} without a usage error`);
}

describe('parseCommandLine', () => {
  it('applies defaults', () => {
    expect(parseCommandLine(demo, [])).toEqual({
      values: { out: undefined, target: [], level: 'low', force: false, format: 'text', help: false },
      positionals: [],
      help: false,
    });
  });

  it('reads long, short, bundled and inline forms, and repeated or comma-separated lists', () => {
    const parsed = parseCommandLine(demo, [
      '-fo',
      'x',
      '--target=a,b',
      '-t',
      'b',
      '-tc',
      '--level',
      'high',
      'in.txt',
    ]);
    expect(parsed.values).toMatchObject({ out: 'x', target: ['a', 'b', 'c'], level: 'high', force: true });
    expect(parsed.positionals).toEqual(['in.txt']);
  });

  it('takes everything after -- as an argument', () => {
    expect(parseCommandLine(demo, ['--', '--force']).positionals).toEqual(['--force']);
  });

  it.each([
    [['--frce'], 'unknown_option', 'unknown option --frce. Did you mean --force?'],
    [['-x'], 'unknown_option', 'unknown option -x.'],
    [['--out'], 'missing_value', '--out needs a value (DIR).'],
    [['--out', '--force'], 'missing_value', '--out needs a value (DIR); got the option --force.'],
    [['--force=yes'], 'unexpected_value', '--force takes no value; got "yes".'],
    [['--out', 'a', '--out', 'b'], 'duplicate_option', '--out was given twice.'],
    [['--target', 'd'], 'invalid_value', '--target must be one of a, b, c; got "d".'],
    [
      ['--level', 'hihg'],
      'invalid_value',
      '--level must be one of low, high; got "hihg". Did you mean "high"?',
    ],
    [['--format', 'yaml'], 'invalid_value', '--format must be one of text, json; got "yaml".'],
    [['a', 'b'], 'unexpected_argument', 'unexpected argument "b".'],
  ] as const)('%j is a usage error (%s)', (args, code, message) => {
    const error = usageError(args);
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
  });

  it('treats a prototype key as an unknown option, not a crash', () => {
    expect(usageError(['--constructor']).code).toBe('unknown_option');
    expect(usageError(['--__proto__']).code).toBe('unknown_option');
  });

  it('requires required options and operands, except with --help', () => {
    const strict = defineCommand({
      name: 'strict',
      summary: 'Strict',
      description: 'Requires.',
      positionals: [{ name: 'FILE', required: true, description: 'A file' }],
      options: { id: { type: 'string', value: 'ID', required: true, description: 'Which' } },
      output: 'text',
      exits: { ok: 'done' },
      run: async () => 0,
    });
    expect(() => parseCommandLine(strict, ['x'])).toThrow('--id ID is required.');
    expect(() => parseCommandLine(strict, ['--id', 'y'])).toThrow('FILE is required.');
    expect(parseCommandLine(strict, ['--help']).help).toBe(true);
  });
});
