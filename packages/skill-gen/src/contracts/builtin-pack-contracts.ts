import { createContractRegistry, loadBuiltinContract } from '@skillpack/core';
import type { PackContracts } from './pack-contracts-types.js';

/**
 * The contracts a command sees when it loads no module: the built-ins. A command that needs one contract
 * (`only`) gets a registry of that built-in alone, and loads no other family; else (or when `only` is no
 * built-in, which the registry's `require` then reports) every built-in.
 */
export async function loadBuiltinPackContracts(only?: string): Promise<PackContracts> {
  if (only !== undefined) {
    const builtin = await loadBuiltinContract(only);
    if (builtin) return { registry: createContractRegistry([builtin]), modules: [] };
  }
  const { builtinContracts } = await import('@skillpack/core/contracts');
  return { registry: builtinContracts, modules: [] };
}
