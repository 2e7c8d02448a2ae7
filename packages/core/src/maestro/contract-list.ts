// The family's contracts and nothing else: what `loadBuiltinContract` and the built-in registry import, so a
// hook that checks one of them builds only its schemas, not every helper the family index exports.
import type { AnyContract } from '../contract.js';
import { maestroResultContract } from './result-contract.js';
import { maestroVerdictContract } from './verdict-contract.js';

/** Every contract of the maestro family, for registries. */
export const maestroContracts: readonly AnyContract[] = [maestroResultContract, maestroVerdictContract];
