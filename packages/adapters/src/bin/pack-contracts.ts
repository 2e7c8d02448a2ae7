import { type AnyContract, isContract, isContractRegistry } from '@skillpack/core';

/** The contracts with these ids among the exports of a pack's contract modules (contracts, registries, arrays). */
export function packContractsOf(
  modules: readonly Readonly<Record<string, unknown>>[],
  ids: readonly string[],
): AnyContract[] {
  const wanted = new Set(ids);
  const found = new Map<string, AnyContract>();
  for (const value of modules.flatMap((module) => Object.values(module))) {
    const contracts = isContract(value)
      ? [value]
      : isContractRegistry(value)
        ? value.list()
        : Array.isArray(value)
          ? value.filter(isContract)
          : [];
    for (const contract of contracts) if (wanted.has(contract.id)) found.set(contract.id, contract);
  }
  return [...found.values()];
}
