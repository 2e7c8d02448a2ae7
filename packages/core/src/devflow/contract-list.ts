// The family's contracts and nothing else: what `loadBuiltinContract` and the built-in registry import, so a
// hook that checks one of them builds only its schemas, not every helper the family index exports.
import type { AnyContract } from '../contract.js';
import { devflowContractList } from './payload-contracts.js';

/** Every contract of the devflow family, for registries. */
export const devflowContracts: readonly AnyContract[] = devflowContractList;
