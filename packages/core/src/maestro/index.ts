import type { AnyContract } from '../contract.js';

/** Every contract of the maestro family, for registries. */
export const maestroContracts: readonly AnyContract[] = [];
