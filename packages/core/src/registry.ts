import type { AnyContract } from './contract.js';
import { ConfigError } from './errors.js';

/** A set of contracts by id: look one up, require it (a `ConfigError` naming the known ids), or list them. */
export interface ContractRegistry {
  readonly ids: readonly string[];
  has(id: string): boolean;
  get(id: string): AnyContract | undefined;
  /** The contract with this id, or a ConfigError that lists the known ids. */
  require(id: string): AnyContract;
  list(): readonly AnyContract[];
}

const REGISTRY_BRAND = Symbol.for('skillpack.contract-registry');

/** Whether `value` is a registry made by `createContractRegistry` (from any copy of `@skillpack/core`). */
export function isContractRegistry(value: unknown): value is ContractRegistry {
  return (
    typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[REGISTRY_BRAND] === true
  );
}

/** Create a registry of these contracts; a repeated id is a `ConfigError`. */
export function createContractRegistry(contracts: Iterable<AnyContract>): ContractRegistry {
  const byId = new Map<string, AnyContract>();
  for (const contract of contracts) {
    if (byId.has(contract.id)) {
      throw new ConfigError('duplicate_contract', `Contract "${contract.id}" is registered twice.`, {
        details: { id: contract.id },
      });
    }
    byId.set(contract.id, contract);
  }
  const ids = [...byId.keys()].sort();
  const list = ids.map((id) => byId.get(id)!);
  const registry: ContractRegistry = {
    ids,
    has: (id) => byId.has(id),
    get: (id) => byId.get(id),
    require(id) {
      const contract = byId.get(id);
      if (contract) return contract;
      throw new ConfigError(
        'unknown_contract',
        `Unknown contract "${id}". Known contracts: ${ids.join(', ')}.`,
        {
          details: { id, known: ids },
        },
      );
    },
    list: () => list,
  };
  Object.defineProperty(registry, REGISTRY_BRAND, { value: true });
  return Object.freeze(registry);
}
