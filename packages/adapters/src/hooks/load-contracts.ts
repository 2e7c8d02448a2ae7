import { type AnyContract, ConfigError, fail, ok, type Result } from '@skillpack/core';

type FamilyLoader = () => Promise<readonly AnyContract[]>;

/**
 * Each family is imported only when a requested id names it, so a hook checking `conflux.acceptance` never
 * builds the other families' schemas (the prebuilt hook bundle keeps these imports lazy too).
 */
const FAMILY_LOADERS: Readonly<Record<string, FamilyLoader>> = {
  conflux: () => import('@skillpack/core/conflux').then((module) => module.confluxContracts),
  zaofu: () => import('@skillpack/core/zaofu').then((module) => module.zaofuContracts),
  maestro: () => import('@skillpack/core/maestro').then((module) => module.maestroContracts),
  devflow: () => import('@skillpack/core/devflow').then((module) => module.devflowContracts),
};

async function loadOne(id: string): Promise<AnyContract> {
  const family = id.slice(0, Math.max(0, id.indexOf('.')));
  const loader = Object.hasOwn(FAMILY_LOADERS, family) ? FAMILY_LOADERS[family] : undefined;
  const found = loader ? (await loader()).find((contract) => contract.id === id) : undefined;
  if (found) return found;
  // Unknown here: ask the full registry, whose error lists every known id.
  const { builtinContracts } = await import('@skillpack/core/contracts');
  return builtinContracts.require(id);
}

/** The built-in contracts with these ids, or a ConfigError naming the unknown one and the known ids. */
export async function loadContracts(ids: readonly string[]): Promise<Result<AnyContract[], ConfigError>> {
  const contracts: AnyContract[] = [];
  for (const id of new Set(ids)) {
    try {
      contracts.push(await loadOne(id));
    } catch (error) {
      if (error instanceof ConfigError) return fail(error);
      throw error;
    }
  }
  return ok(contracts);
}
