import {
  type AnyContract,
  type ContractRegistry,
  createContractRegistry,
  loadBuiltinContract,
} from '@skillpack/core';
import { authorError } from '../errors/author-error.js';
import { loadBuiltinPackContracts } from './builtin-pack-contracts.js';
import type { ContractModuleOptions, ModuleContract } from './load-contract-modules.js';
import type { PackContracts } from './pack-contracts-types.js';

/** One module to load, with where it resolves from and which file names it. */
export interface ContractModuleRequest extends ContractModuleOptions {
  readonly specifier: string;
}

function where(entry: ModuleContract | undefined): string {
  return entry ? `export "${entry.exportName}" of ${entry.specifier}` : 'the built-in contracts';
}

/** The built-in contract with an id, when skillpack ships one. */
type BuiltinLookup = (id: string) => Promise<AnyContract | undefined>;

/** Every built-in, for a command that sees them all. */
async function everyBuiltin(): Promise<{ registry: ContractRegistry; lookup: BuiltinLookup }> {
  const { builtinContracts: registry } = await import('@skillpack/core/contracts');
  return { registry, lookup: async (id) => registry.get(id) };
}

/**
 * Load the modules and join their contracts to the built-ins. No module loads (and esbuild stays unloaded)
 * when there are none; then a command that needs one built-in contract (`only`) gets a registry of that
 * contract alone, and loads no other family. With modules and `only`, the built-ins are looked up by id
 * (`loadBuiltinContract`: a family is built only when `only` or a module's contract names it) and the
 * registry holds `only`'s contract and the modules'; when `only` is no one's, every built-in, so that its
 * error lists them all. A second, different contract with an id already taken is a ConfigError naming both.
 */
export async function loadPackContracts(
  requests: readonly ContractModuleRequest[],
  only?: string,
): Promise<PackContracts> {
  if (requests.length === 0) return loadBuiltinPackContracts(only);
  const all = only === undefined ? await everyBuiltin() : undefined;
  const lookup = all?.lookup ?? loadBuiltinContract;
  const { loadContractModule } = await import('./load-contract-modules.js');
  const byId = new Map<string, { contract: AnyContract; from?: ModuleContract }>();
  const modules: ModuleContract[] = [];
  for (const request of requests) {
    for (const entry of await loadContractModule(request.specifier, request)) {
      const id = entry.contract.id;
      const builtin = await lookup(id);
      const taken = byId.get(id) ?? (builtin && { contract: builtin });
      if (taken?.contract === entry.contract) continue;
      if (taken) {
        throw authorError('duplicate_contract', {
          file: request.origin,
          message: `Contract "${id}" is defined twice: by ${where(entry)} and by ${where(taken.from)}.`,
          fix: 'Give one of them another id, or export it from one module only.',
          details: { id, module: entry.specifier, export: entry.exportName },
        });
      }
      byId.set(id, { contract: entry.contract, from: entry });
      modules.push(entry);
    }
  }
  const own = [...byId.values()].map((value) => value.contract);
  const builtin = only === undefined || byId.has(only) ? undefined : await loadBuiltinContract(only);
  if (only !== undefined && (byId.has(only) || builtin)) {
    return { registry: createContractRegistry(builtin ? [builtin, ...own] : own), modules };
  }
  const { registry } = all ?? (await everyBuiltin());
  return { registry: createContractRegistry([...registry.list(), ...own]), modules };
}
