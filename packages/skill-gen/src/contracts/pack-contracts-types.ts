import type { ContractRegistry } from '@skillpack/core';
import type { ModuleContract } from './load-contract-modules.js';

/** The contracts a command sees: the built-ins plus those of the config's (or `--contracts`) modules. */
export interface PackContracts {
  readonly registry: ContractRegistry;
  /** The contracts the modules added (built-ins a module re-exports are not among them). */
  readonly modules: readonly ModuleContract[];
}
