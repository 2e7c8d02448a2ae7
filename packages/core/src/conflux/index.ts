import type { AnyContract } from '../contract.js';

/** Every contract of the conflux family, for registries. */
export const confluxContracts: readonly AnyContract[] = [];
