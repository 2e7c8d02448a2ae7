import { parseArgs } from 'node:util';
import { ConfigError, fail, ok, type Result } from '@skillpack/core';
import type { RuntimeId } from '../runtime-id.js';
import { ENFORCE_ENV, enforceOf } from './enforce-override.js';
import {
  HOOK_DEFAULTS,
  HOOK_INTEGER_OPTIONS,
  type HookIntegerOption,
  integerOptionValue,
} from './hook-options.js';
import { ENFORCE_MODES, type EnforceMode } from './stop-decision.js';

export interface HookArgs {
  readonly runtime: RuntimeId;
  readonly contractIds: readonly string[];
  readonly maxBlocks: number;
  readonly enforce: EnforceMode;
  /** The hook's own deadline: past it the stop is let through with a message. */
  readonly timeoutMs: number;
  /** The most stdin bytes read; a larger payload lets the stop through with a message. */
  readonly maxInputBytes: number;
}

export type HookCommand = { readonly kind: 'help' } | { readonly kind: 'run'; readonly args: HookArgs };

export { HOOK_DEFAULTS } from './hook-options.js';

/** The `skillpack-hook --help` text, for the runtimes with a Stop hook. */
export const hookUsage = (
  runtimes: readonly RuntimeId[],
) => `Usage: skillpack-hook <${runtimes.join('|')}> --contract <id> [--contract <id> …] [options]

Stop / SubagentStop hook: reads the runtime's hook JSON on stdin, checks the agent's last message against
the contracts (any one may be satisfied) and prints one JSON decision on stdout. Always exits 0.

Options:
  --contract <id>          a contract id such as conflux.acceptance (repeatable, at least one)
  --max-blocks <n>         consecutive stops to block before letting the agent stop (default ${HOOK_DEFAULTS.maxBlocks})
  --enforce <mode>         always: check every stop (default; for a hook scoped to its skill)
                           attempted: check only stops whose message attempts a contract (for a hook
                           that sees every session, such as a plugin's hooks.json)
                           ${ENFORCE_ENV} in the environment overrides it (an orchestrator's
                           headless run sets always)
  --timeout-ms <n>         the hook's own deadline (default ${HOOK_DEFAULTS.timeoutMs})
  --max-input-bytes <n>    the most stdin bytes read (default ${HOOK_DEFAULTS.maxInputBytes})
  -h, --help               show this help
`;

function usageError(message: string, details: Record<string, unknown> = {}): ConfigError {
  return new ConfigError('hook_usage', `${message} Run "skillpack-hook --help" for usage.`, { details });
}

function integerOption(name: HookIntegerOption, raw: string | undefined) {
  const { field, min, max } = HOOK_INTEGER_OPTIONS[name];
  if (raw === undefined) return ok(HOOK_DEFAULTS[field]);
  const value = integerOptionValue(name, raw);
  if (value === undefined) {
    return fail(
      usageError(`--${name} must be an integer from ${min} to ${max}, got "${raw}".`, { option: name }),
    );
  }
  return ok(value);
}

/**
 * Parse `skillpack-hook` arguments for the runtimes with a Stop hook, with the environment's enforcement
 * override (`enforceOf`); mistakes are a ConfigError, never a throw.
 */
export function parseHookArgs(
  argv: readonly string[],
  runtimes: readonly RuntimeId[],
  env: Readonly<Record<string, string | undefined>> = {},
): Result<HookCommand, ConfigError> {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(argv);
  } catch (error) {
    return fail(usageError(error instanceof Error ? error.message : String(error)));
  }
  const { values, positionals } = parsed;
  if (values.help) return ok({ kind: 'help' });
  const [runtime, ...extra] = positionals;
  const id = runtimes.find((candidate) => candidate === runtime);
  if (id === undefined) {
    return fail(
      usageError(`The first argument must be one of ${runtimes.join(', ')}, got ${JSON.stringify(runtime)}.`),
    );
  }
  if (extra.length > 0) return fail(usageError(`Unexpected arguments: ${extra.join(' ')}.`));
  const contractIds = values.contract ?? [];
  if (contractIds.length === 0) return fail(usageError('At least one --contract <id> is required.'));
  const maxBlocks = integerOption('max-blocks', values['max-blocks']);
  const timeoutMs = integerOption('timeout-ms', values['timeout-ms']);
  const maxInputBytes = integerOption('max-input-bytes', values['max-input-bytes']);
  const configured = values.enforce ?? 'always';
  if (!(ENFORCE_MODES as readonly string[]).includes(configured)) {
    return fail(usageError(`--enforce must be one of ${ENFORCE_MODES.join(', ')}, got "${configured}".`));
  }
  const enforce = enforceOf(configured as EnforceMode, env);
  if (!enforce.success) return enforce;
  if (!maxBlocks.success) return maxBlocks;
  if (!timeoutMs.success) return timeoutMs;
  if (!maxInputBytes.success) return maxInputBytes;
  return ok({
    kind: 'run',
    args: {
      runtime: id,
      contractIds,
      maxBlocks: maxBlocks.data,
      enforce: enforce.data,
      timeoutMs: timeoutMs.data,
      maxInputBytes: maxInputBytes.data,
    },
  });
}

function parseOptions(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      contract: { type: 'string', multiple: true },
      'max-blocks': { type: 'string' },
      enforce: { type: 'string' },
      'timeout-ms': { type: 'string' },
      'max-input-bytes': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
