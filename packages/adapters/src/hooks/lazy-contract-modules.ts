import { type AnyContract, ConfigError, fail, ok, type Result } from '@skillpack/core';
import { packContractsOf } from '../bin/pack-contracts.js';
import { type ContractLoader, packContractLoader, unknownContractError } from './load-contracts.js';

/**
 * A contract module a generated hook or plugin carries, imported only when a check needs one of its
 * contracts: a module that throws where the hook runs (it reads a file relative to the cwd, say) then fails
 * that check open instead of the whole hook.
 */
export interface LazyContractModule {
  /** The module as the pack config names it: what a failure names. */
  readonly name: string;
  /** The ids of the contracts it provides. */
  readonly ids: readonly string[];
  readonly load: () => Promise<Readonly<Record<string, unknown>>>;
}

function causeOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

/**
 * The contracts with `ids` from the modules that provide them, each module imported once. A module that
 * throws while it loads is a ConfigError `contract_module_failed` naming the module, the cause and the
 * contracts left unchecked; callers let the stop through with that message.
 */
export async function loadLazyContracts(
  modules: readonly LazyContractModule[],
  ids: readonly string[],
): Promise<Result<AnyContract[], ConfigError>> {
  const wanted = new Set(ids);
  const namespaces: Readonly<Record<string, unknown>>[] = [];
  for (const module of modules) {
    if (!module.ids.some((id) => wanted.has(id))) continue;
    try {
      namespaces.push(await module.load());
    } catch (error) {
      const unchecked = module.ids.filter((id) => wanted.has(id));
      return fail(
        new ConfigError(
          'contract_module_failed',
          `The contract module "${module.name}" failed to load where the pack runs (${causeOf(error)}), so ${unchecked.join(', ')} went unchecked. A module must not depend on the folder it runs in; rebuild the pack once it loads anywhere.`,
          { details: { module: module.name, contracts: unchecked, cwd: process.cwd() }, cause: error },
        ),
      );
    }
  }
  return ok(packContractsOf(namespaces, ids));
}

/** A generated hook's loader: its own contracts, their modules imported on the first check that needs them. */
export function lazyPackContractLoader(modules: readonly LazyContractModule[]): ContractLoader {
  const known = [...new Set(modules.flatMap((module) => module.ids))].sort();
  return async (ids) => {
    const missing = ids.find((id) => !known.includes(id));
    if (missing !== undefined) return fail(unknownContractError(missing, known));
    const loaded = await loadLazyContracts(modules, ids);
    if (!loaded.success) return loaded;
    return packContractLoader(loaded.data)(ids);
  };
}
