import { type AnyContract, loadBuiltinContract } from '@skillpack/core';
import { loadCommandContracts } from '../commands/_contract-options.js';

export interface ContractSources {
  readonly cwd: string;
  readonly config?: string | undefined;
  readonly contracts?: readonly string[] | undefined;
}

/**
 * Find a hooked contract by id: a built-in (only its family is loaded), else one of the pack's own from the
 * project's contract modules (`--config`, else `skillpack.config.json` in the project; `--contracts`), loaded
 * once. A contract that cannot be found is a sentence saying how to name its module.
 */
export function contractResolver(sources: ContractSources): (id: string) => Promise<AnyContract | string> {
  let modules: Promise<Map<string, AnyContract> | string> | undefined;
  const loadModules = () => {
    modules ??= loadCommandContracts(sources).then(
      (loaded) => new Map(loaded.modules.map((entry) => [entry.contract.id, entry.contract])),
      (error: Error) => `its contract modules could not be loaded: ${error.message}`,
    );
    return modules;
  };
  return async (id) => {
    const builtin = await loadBuiltinContract(id).catch(() => undefined);
    if (builtin) return builtin;
    const found = await loadModules();
    if (typeof found === 'string') return `${id} is not built in, and ${found}`;
    return (
      found.get(id) ??
      `${id} is not built in and no contract module names it; pass --config <skillpack.config.json> or --contracts <module> so doctor can derive its answers`
    );
  };
}
