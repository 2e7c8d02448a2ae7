import { confluxContracts } from './conflux/contract-list.js';
import { devflowContracts } from './devflow/contract-list.js';
import { maestroContracts } from './maestro/contract-list.js';
import { createContractRegistry } from './registry.js';
import { zaofuContracts } from './zaofu/contract-list.js';

/** Every contract skillpack ships, by id. */
export const builtinContracts = createContractRegistry([
  ...confluxContracts,
  ...zaofuContracts,
  ...maestroContracts,
  ...devflowContracts,
]);
