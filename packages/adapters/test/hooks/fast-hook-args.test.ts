// The fast path's argument reader against `parseHookArgs`: on command lines built from the hook's options,
// their spellings and mistakes, with and without the enforcement override, it reads exactly what
// `parseHookArgs` reads or leaves the command line to it, and it reads every command line a pack writes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOOK_RUNTIME_IDS } from '../../src/hook-runtimes.js';
import { readFastHookArgs } from '../../src/hooks/fast-hook-args.js';
import { parseHookArgs } from '../../src/hooks/hook-args.js';
import type { RuntimeId } from '../../src/runtime-id.js';
import { runs } from '../properties/_support/core-support.js';

/** The runtimes a fast path's tables know (a pack hook's: the two whose payloads it checks). */
const FAST_RUNTIMES: readonly RuntimeId[] = ['claude-code', 'codex'];

const OPTIONS = ['--contract', '--max-blocks', '--enforce', '--timeout-ms', '--max-input-bytes'];
const VALUES = [
  'conflux.acceptance',
  'maestro.result',
  'a.b',
  '',
  '-',
  '-1',
  '--contract',
  '0',
  '2',
  '99',
  '100',
  '101',
  '1024',
  '8000',
  '600000',
  '600001',
  '1e3',
  '0x10',
  ' 5',
  '00000000002',
  '1073741824',
  'always',
  'attempted',
  'ALWAYS',
];
const OTHER_TOKENS = [
  'claude-code',
  'codex',
  'gemini-cli',
  'opencode',
  '__proto__',
  '--help',
  '-h',
  '--',
  '--frobnicate',
  '--contract=a.b',
  '--max-blocks=3',
  '--enforce=always',
  '--constructor',
  '-c',
];
const ENVS: readonly Record<string, string>[] = [
  {},
  { SKILLPACK_HOOK_ENFORCE: 'always' },
  { SKILLPACK_HOOK_ENFORCE: '' },
  { SKILLPACK_HOOK_ENFORCE: 'x' },
];

/** A command line as a pack writes it: the runtime, contracts and options as separate words. */
const packCommand = fc
  .record({
    runtime: fc.constantFrom(...FAST_RUNTIMES),
    contracts: fc.array(fc.constantFrom('conflux.acceptance', 'maestro.result', 'a.b'), {
      minLength: 1,
      maxLength: 3,
    }),
    maxBlocks: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
    enforce: fc.option(fc.constantFrom('always', 'attempted'), { nil: undefined }),
    timeoutMs: fc.option(fc.integer({ min: 100, max: 600_000 }), { nil: undefined }),
    maxInputBytes: fc.option(fc.integer({ min: 1024, max: 1024 ** 3 }), { nil: undefined }),
  })
  .chain((command) => {
    const pairs: string[][] = command.contracts.map((id) => ['--contract', id]);
    if (command.maxBlocks !== undefined) pairs.push(['--max-blocks', String(command.maxBlocks)]);
    if (command.enforce !== undefined) pairs.push(['--enforce', command.enforce]);
    if (command.timeoutMs !== undefined) pairs.push(['--timeout-ms', String(command.timeoutMs)]);
    if (command.maxInputBytes !== undefined) pairs.push(['--max-input-bytes', String(command.maxInputBytes)]);
    return fc
      .shuffledSubarray(pairs, { minLength: pairs.length })
      .map((shuffled) => [command.runtime, ...shuffled.flat()]);
  });

/** Any command line from the hook's words: options, values, misspellings, in any order. */
const anyCommand = fc.array(fc.constantFrom(...OPTIONS, ...VALUES, ...OTHER_TOKENS), { maxLength: 9 });
/** A pack's command line with one word changed, added or removed. */
const nearCommand = fc
  .tuple(
    packCommand,
    fc.nat(),
    fc.constantFrom(...OPTIONS, ...VALUES, ...OTHER_TOKENS),
    fc.constantFrom('set', 'insert', 'drop'),
  )
  .map(([argv, at, word, edit]) => {
    const index = at % (argv.length + 1);
    const copy = [...argv];
    if (edit === 'insert') copy.splice(index, 0, word);
    else if (edit === 'drop') copy.splice(index, 1);
    else copy[Math.min(index, copy.length - 1)] = word;
    return copy;
  });

/** What `parseHookArgs` reads for the fast path's runtimes, as the fast path would use it. */
function parsed(argv: readonly string[], env: Readonly<Record<string, string>>) {
  const command = parseHookArgs(argv, FAST_RUNTIMES, env);
  return command.success && command.data.kind === 'run' ? command.data.args : undefined;
}

describe('readFastHookArgs', () => {
  it('reads what parseHookArgs reads, or leaves the command line to it', () => {
    let read = 0;
    let left = 0;
    fc.assert(
      fc.property(fc.oneof(anyCommand, nearCommand, packCommand), fc.constantFrom(...ENVS), (argv, env) => {
        const fast = readFastHookArgs(argv, FAST_RUNTIMES, env);
        if (fast === undefined) left++;
        else {
          read++;
          expect(fast).toEqual(parsed(argv, env));
        }
      }),
      runs(4000),
    );
    expect(read).toBeGreaterThan(500);
    expect(left).toBeGreaterThan(500);
  });

  it('reads every command line a pack writes, as parseHookArgs does', () => {
    fc.assert(
      fc.property(packCommand, fc.constantFrom(...ENVS.slice(0, 3)), (argv, env) => {
        const fast = readFastHookArgs(argv, FAST_RUNTIMES, env);
        expect(fast).toBeDefined();
        expect(fast).toEqual(parsed(argv, env));
      }),
      runs(1000),
    );
  });

  it.each([
    [['claude-code', '--contract', 'a.b', '--help']],
    [['claude-code', '--contract=a.b']],
    [['gemini-cli', '--contract', 'a.b']],
    [['codex', '--contract', 'a.b', '--max-blocks', '1', '--max-blocks', '2']],
    [['codex', '--contract', '-a.b']],
  ] as const)('leaves %j to parseHookArgs', (argv) => {
    expect(readFastHookArgs(argv, FAST_RUNTIMES, {})).toBeUndefined();
  });

  it('knows only the runtimes it is given', () => {
    const argv = ['qwen-code', '--contract', 'a.b'];
    expect(readFastHookArgs(argv, FAST_RUNTIMES, {})).toBeUndefined();
    const command = parseHookArgs(argv, HOOK_RUNTIME_IDS, {});
    expect(command).toMatchObject({ success: true, data: { kind: 'run' } });
    if (command.success && command.data.kind === 'run')
      expect(readFastHookArgs(argv, HOOK_RUNTIME_IDS, {})).toEqual(command.data.args);
  });
});
