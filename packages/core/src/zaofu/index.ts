import type { AnyContract } from '../contract.js';

/** Every contract of the zaofu family, for registries. */
export const zaofuContracts: readonly AnyContract[] = [];
