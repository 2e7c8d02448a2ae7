import type { RuntimeId } from '../runtime-id.js';
import { enforceOf } from './enforce-override.js';
import type { HookArgs } from './hook-args.js';
import { HOOK_DEFAULTS, HOOK_INTEGER_OPTIONS, integerOptionValue } from './hook-options.js';
import { ENFORCE_MODES, type EnforceMode } from './stop-decision.js';

const isIntegerOption = (name: string): name is keyof typeof HOOK_INTEGER_OPTIONS =>
  Object.hasOwn(HOOK_INTEGER_OPTIONS, name);

/**
 * A hook command line as a generated pack writes it, read with plain code: one of `runtimes`, then
 * `--<option> <value>` pairs of the options `parseHookArgs` knows, no value starting with `-`, `--contract`
 * at least once and the others at most once, each value within its range; with the environment's enforcement
 * override applied. Any other command line (help, `--option=value`, an option or value `parseHookArgs`
 * refuses) is `undefined`: `parseHookArgs` reads it and words its error. Where this answers, it answers what
 * `parseHookArgs` does, without loading `node:util`'s argument parser (a hook's fast path pays for its first
 * call on every stop). Pure.
 */
export function readFastHookArgs(
  argv: readonly string[],
  runtimes: readonly RuntimeId[],
  env: Readonly<Record<string, string | undefined>>,
): HookArgs | undefined {
  const runtime = runtimes.find((candidate) => candidate === argv[0]);
  if (runtime === undefined || argv.length % 2 === 0) return undefined;
  const contractIds: string[] = [];
  const integers: Partial<Record<keyof typeof HOOK_INTEGER_OPTIONS, number>> = {};
  let configured: EnforceMode | undefined;
  for (let index = 1; index < argv.length; index += 2) {
    const option = argv[index]!;
    const value = argv[index + 1]!;
    if (!option.startsWith('--') || value.startsWith('-')) return undefined;
    const name = option.slice(2);
    if (name === 'contract') contractIds.push(value);
    else if (name === 'enforce') {
      if (configured !== undefined) return undefined;
      configured = ENFORCE_MODES.find((mode) => mode === value);
      if (configured === undefined) return undefined;
    } else if (isIntegerOption(name) && integers[name] === undefined) {
      integers[name] = integerOptionValue(name, value);
      if (integers[name] === undefined) return undefined;
    } else return undefined;
  }
  if (contractIds.length === 0) return undefined;
  const enforce = enforceOf(configured ?? 'always', env);
  if (!enforce.success) return undefined;
  const integer = (name: keyof typeof HOOK_INTEGER_OPTIONS) =>
    integers[name] ?? HOOK_DEFAULTS[HOOK_INTEGER_OPTIONS[name].field];
  return {
    runtime,
    contractIds,
    maxBlocks: integer('max-blocks'),
    enforce: enforce.data,
    timeoutMs: integer('timeout-ms'),
    maxInputBytes: integer('max-input-bytes'),
  };
}
