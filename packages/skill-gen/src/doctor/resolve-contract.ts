import { type AnyContract, loadBuiltinContract } from '@skillpack/core';
import { loadCommandContracts } from '../commands/_contract-options.js';
import { type InstalledPack, installedContract } from './installed-contracts.js';

export interface ContractSources {
  readonly cwd: string;
  readonly config?: string | undefined;
  readonly contracts?: readonly string[] | undefined;
}

/** Finds a hooked contract of an installed pack by id, or says why there is none. */
export type ContractResolver = (id: string, installed: InstalledPack) => Promise<AnyContract | string>;

/**
 * Find a hooked contract by id: a built-in (only its family is loaded), else one of the pack's own from the
 * project's contract modules (`--config`, else `skillpack.config.json` in the project; `--contracts`), loaded
 * once, else from the contracts module the installed pack carries (a project that installed a published pack
 * has no module of its own). A contract that cannot be found is a sentence saying why.
 */
export function contractResolver(sources: ContractSources): ContractResolver {
  let modules: Promise<Map<string, AnyContract> | string> | undefined;
  const loadModules = () => {
    modules ??= loadCommandContracts(sources).then(
      (loaded) => new Map(loaded.modules.map((entry) => [entry.contract.id, entry.contract])),
      (error: Error) => `its contract modules could not be loaded: ${error.message}`,
    );
    return modules;
  };
  return async (id, installed) => {
    const builtin = await loadBuiltinContract(id).catch(() => undefined);
    if (builtin) return builtin;
    const found = await loadModules();
    const own = typeof found === 'string' ? undefined : found.get(id);
    if (own) return own;
    const carried = await installedContract(installed, id);
    if (carried !== undefined && typeof carried !== 'string') return carried;
    if (carried !== undefined)
      return `${id} is not built in, no contract module of the project names it, and ${carried}`;
    if (typeof found === 'string') return `${id} is not built in, and ${found}`;
    return `${id} is not built in, the pack carries no contracts module, and no contract module names it; pass --config <skillpack.config.json> or --contracts <module> so doctor can derive its answers`;
  };
}
