import { existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { type ContractRegistry, createContractRegistry } from '@skillpack/core';
import { UsageError } from '../cli/exit-code.js';
import { readPackageJsonBeside } from '../config/pack-version.js';
import { readConfigText } from '../config/read-config-text.js';
import type { ContractModuleRequest } from '../contracts/pack-contracts.js';
import type { PackContracts } from '../contracts/pack-contracts-types.js';
import { DEFAULT_CONFIG_FILE } from '../pack/pack-request.js';

export interface ContractSourceOptions {
  readonly cwd: string;
  /** `--config FILE`: its `contracts` are loaded; it must exist. */
  readonly config?: string | undefined;
  /** `--contracts MODULE` (repeatable), resolved from `cwd`. */
  readonly contracts?: readonly string[] | undefined;
  /** The one contract the command reads: with no module to load, only its family is loaded. */
  readonly only?: string | undefined;
}

/** The config's contract modules, when there is a config: `--config`, else `skillpack.config.json` in `cwd`. */
async function configModules(options: ContractSourceOptions): Promise<ContractModuleRequest[]> {
  const path = resolve(options.cwd, options.config ?? DEFAULT_CONFIG_FILE);
  if (options.config === undefined && !existsSync(path)) return [];
  const file = relative(options.cwd, path) || DEFAULT_CONFIG_FILE;
  const text = await readConfigText(
    path,
    file,
    'Pass the path of an existing skillpack.config.json to --config.',
  );
  const { safeParsePackConfig } = await import('../config/load-pack-config.js');
  const parsed = safeParsePackConfig(text, file, await readPackageJsonBeside(path, file));
  if (!parsed.success) throw parsed.error;
  return parsed.data.contracts.map((specifier) => ({ specifier, baseDir: dirname(path), origin: file }));
}

/**
 * The contract modules a command is asked to load: the pack config's (found as `build` finds the config),
 * then those of `--contracts`. Reads the config, loads none of them.
 */
export async function contractModuleRequests(
  options: ContractSourceOptions,
): Promise<ContractModuleRequest[]> {
  return [
    ...(await configModules(options)),
    ...(options.contracts ?? []).map((specifier) => ({
      specifier,
      baseDir: options.cwd,
      origin: '--contracts',
    })),
  ];
}

/**
 * The registry a command works with: the built-ins, the contracts of the pack config's modules and those of
 * `--contracts` (`contractModuleRequests`). Commands call this once; with no module to load it loads none
 * (and no bundler).
 */
export async function loadCommandContracts(options: ContractSourceOptions): Promise<PackContracts> {
  const requests = await contractModuleRequests(options);
  const { loadPackContracts } = await import('../contracts/pack-contracts.js');
  return loadPackContracts(requests, options.only);
}

/** `--config FILE`, as every command that reads contract modules declares it. */
export const CONFIG_OPTION = {
  type: 'string',
  short: 'c',
  value: 'FILE',
  description: 'Pack config whose contract modules to add (default: skillpack.config.json, when present)',
} as const;

/** `--contracts MODULE`, repeatable. */
export const CONTRACTS_OPTION = {
  type: 'string',
  value: 'MODULE',
  multiple: true,
  description: 'A contract module to add (.ts, .mts, .js, .mjs or a package)',
} as const;

/** `--builtin`, for the commands that write files per contract (`schemas`, `docs`). */
export const BUILTIN_OPTION = {
  type: 'boolean',
  description:
    'Also write the contracts @skillpack/core ships (default: only those of the config\'s "contracts" modules)',
} as const;

/**
 * The contracts `schemas` and `docs` write: the user's own (the modules'), and the built-ins only with
 * `--builtin`. With neither there is nothing to write, a usage error that says what to pass.
 */
export function contractsToWrite(pack: PackContracts, builtin: boolean): ContractRegistry {
  if (builtin) return pack.registry;
  if (pack.modules.length === 0) {
    throw new UsageError(
      'no_user_contracts',
      'no contract of your own is registered (a "contracts" module in skillpack.config.json, or --config FILE naming one); pass --builtin to write the contracts @skillpack/core ships',
    );
  }
  return createContractRegistry(pack.modules.map((module) => module.contract));
}
