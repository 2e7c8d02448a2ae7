import type { AnyContract } from './contract.js';

type FamilyLoader = () => Promise<readonly AnyContract[]>;

/**
 * The built-in families by id prefix (`<family>.<name>`), each imported only when asked for, so a hook that
 * checks one contract never builds the other families' schemas. This file and `contracts.ts` are the only
 * places outside the family folders that list the families. Each imports the family's `contract-list.ts`, not its
 * index: the index's other exports (argv parsers, helpers, schema namespaces) build schemas no check needs.
 */
const FAMILY_LOADERS: Readonly<Record<string, FamilyLoader>> = {
  conflux: () => import('./conflux/contract-list.js').then((module) => module.confluxContracts),
  zaofu: () => import('./zaofu/contract-list.js').then((module) => module.zaofuContracts),
  maestro: () => import('./maestro/contract-list.js').then((module) => module.maestroContracts),
  devflow: () => import('./devflow/contract-list.js').then((module) => module.devflowContracts),
};

/** The family part of a contract id (`<family>.<name>`) when it names a built-in family. */
function builtinFamilyOf(id: string): string | undefined {
  const family = id.slice(0, Math.max(0, id.indexOf('.')));
  return Object.hasOwn(FAMILY_LOADERS, family) ? family : undefined;
}

/**
 * The module specifier of the contract list of the built-in family an id belongs to
 * (`@skillpack/core/contract-lists/<family>`, whose one export is that family's contract array), or
 * `undefined` when the id names no built-in family. A bundle that imports it carries that family's contracts
 * and no other family: what a generated pack's hook and plugin import for the built-ins they check.
 */
export function builtinContractListOf(id: string): string | undefined {
  const family = builtinFamilyOf(id);
  return family === undefined ? undefined : `@skillpack/core/contract-lists/${family}`;
}

/** The built-in contract with this id, loading only its family; `undefined` when skillpack ships none. */
export async function loadBuiltinContract(id: string): Promise<AnyContract | undefined> {
  const family = builtinFamilyOf(id);
  const loader = family === undefined ? undefined : FAMILY_LOADERS[family];
  return loader ? (await loader()).find((contract) => contract.id === id) : undefined;
}
