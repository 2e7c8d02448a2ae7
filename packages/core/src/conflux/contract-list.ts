// The family's contracts and nothing else: what `loadBuiltinContract` and the built-in registry import, so a
// hook that checks one of them builds only its schemas, not every helper the family index exports.
import type { AnyContract } from '../contract.js';
import { acceptanceContract } from './acceptance-contract.js';

/** Every contract of the conflux family, for registries. */
export const confluxContracts: readonly AnyContract[] = [acceptanceContract];
