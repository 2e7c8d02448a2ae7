import type { ContractLoader } from './load-contracts.js';

/**
 * What a generated pack's plugin or extension loads only when its validators cannot decide (zod and the
 * contract modules with it): the `@skillpack/adapters/pack-runtime` factory of the module, and the loader of
 * the contracts the pack carries.
 */
export interface WholePackRuntime<Module> {
  readonly factory: (moduleUrl: string, load: ContractLoader) => Module;
  readonly load: ContractLoader;
}
