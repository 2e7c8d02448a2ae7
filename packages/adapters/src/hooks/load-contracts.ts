import {
  type AnyContract,
  ConfigError,
  type ContractRegistry,
  fail,
  loadBuiltinContract,
  ok,
  type Result,
} from '@skillpack/core';

async function unknownContract(id: string, pack: ContractRegistry | undefined): Promise<ConfigError> {
  const { builtinContracts } = await import('@skillpack/core/contracts');
  const known = [...new Set([...(pack?.ids ?? []), ...builtinContracts.ids])].sort();
  return new ConfigError(
    'unknown_contract',
    `Unknown contract "${id}". Known contracts: ${known.join(', ')}.`,
    {
      details: { id, known },
    },
  );
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
