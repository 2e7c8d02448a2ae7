import {
  type AnyContract,
  ConfigError,
  type ContractRegistry,
  fail,
  loadBuiltinContract,
  ok,
  type Result,
} from '@skillpack/core';

/** The contracts with these ids, or a ConfigError naming the ones it does not know. */
export type ContractLoader = (ids: readonly string[]) => Promise<Result<AnyContract[], ConfigError>>;

/** `unknown_contract`: the id asked for and the ids the loader knows. */
export function unknownContractError(id: string, known: readonly string[]): ConfigError {
  return new ConfigError(
    'unknown_contract',
    `Unknown contract "${id}". Known contracts: ${known.join(', ')}.`,
    { details: { id, known } },
  );
}

async function unknownContract(id: string, pack: ContractRegistry | undefined): Promise<ConfigError> {
  const { builtinContracts } = await import('@skillpack/core/contracts');
  return unknownContractError(id, [...new Set([...(pack?.ids ?? []), ...builtinContracts.ids])].sort());
}

/**
 * The contracts with these ids: the pack's own first (those a generated hook carries), then the built-ins,
 * each built-in family loaded only when an id asks for it. An unknown id is a ConfigError listing the known.
 */
export async function loadContracts(
  ids: readonly string[],
  pack?: ContractRegistry,
): Promise<Result<AnyContract[], ConfigError>> {
  const contracts: AnyContract[] = [];
  for (const id of new Set(ids)) {
    const found = pack?.get(id) ?? (await loadBuiltinContract(id));
    if (!found) return fail(await unknownContract(id, pack));
    contracts.push(found);
  }
  return ok(contracts);
}

/**
 * A loader that knows exactly `contracts` and nothing else: what a generated pack's hook carries. It never
 * reaches for the built-in families, so a bundle made with it leaves them out.
 */
export function packContractLoader(contracts: readonly AnyContract[]): ContractLoader {
  const byId = new Map(contracts.map((contract) => [contract.id, contract]));
  const known = [...byId.keys()].sort();
  return async (ids) => {
    const found: AnyContract[] = [];
    for (const id of new Set(ids)) {
      const contract = byId.get(id);
      if (!contract) return fail(unknownContractError(id, known));
      found.push(contract);
    }
    return ok(found);
  };
}
