import { type AnyContract, type ContractRegistry, createContractRegistry } from '@skillpack/core';
import { authorError } from '../errors/author-error.js';
import { loadBuiltinPackContracts } from './builtin-pack-contracts.js';
import type { ContractModuleOptions, ModuleContract } from './load-contract-modules.js';

/** One module to load, with where it resolves from and which file names it. */
export interface ContractModuleRequest extends ContractModuleOptions {
  readonly specifier: string;
}

/** The contracts a command sees: the built-ins plus those of the config's (or `--contracts`) modules. */
export interface PackContracts {
  readonly registry: ContractRegistry;
  /** The contracts the modules added (built-ins a module re-exports are not among them). */
  readonly modules: readonly ModuleContract[];
}

function where(entry: ModuleContract | undefined): string {
  return entry ? `export "${entry.exportName}" of ${entry.specifier}` : 'the built-in contracts';
}

/**
 * Load the modules and join their contracts to the built-ins. No module loads (and esbuild stays unloaded)
 * when there are none; then a command that needs one built-in contract (`only`) gets a registry of that
 * contract alone, and loads no other family. A second, different contract with an id already taken is a
 * ConfigError naming both.
 */
export async function loadPackContracts(
  requests: readonly ContractModuleRequest[],
  only?: string,
): Promise<PackContracts> {
  if (requests.length === 0) return loadBuiltinPackContracts(only);
  const { builtinContracts } = await import('@skillpack/core/contracts');
  const { loadContractModule } = await import('./load-contract-modules.js');
  const byId = new Map<string, { contract: AnyContract; from?: ModuleContract }>(
    builtinContracts.list().map((contract) => [contract.id, { contract }]),
  );
  const modules: ModuleContract[] = [];
  for (const request of requests) {
    for (const entry of await loadContractModule(request.specifier, request)) {
      const taken = byId.get(entry.contract.id);
      if (taken?.contract === entry.contract) continue;
      if (taken) {
        throw authorError('duplicate_contract', {
          file: request.origin,
          message: `Contract "${entry.contract.id}" is defined twice: by ${where(entry)} and by ${where(taken.from)}.`,
          fix: 'Give one of them another id, or export it from one module only.',
          details: { id: entry.contract.id, module: entry.specifier, export: entry.exportName },
        });
      }
      byId.set(entry.contract.id, { contract: entry.contract, from: entry });
      modules.push(entry);
    }
  }
  return {
    registry: createContractRegistry([...byId.values()].map((value) => value.contract)),
    modules,
  };
}
