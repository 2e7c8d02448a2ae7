import type { AnyContract } from '../contract.js';

/** Every contract of the devflow family, for registries. */
export const devflowContracts: readonly AnyContract[] = [];
