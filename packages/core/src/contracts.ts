import { confluxContracts } from './conflux/index.js';
import { devflowContracts } from './devflow/index.js';
import { maestroContracts } from './maestro/index.js';
import { createContractRegistry } from './registry.js';
import { zaofuContracts } from './zaofu/index.js';

/** Every contract skillpack ships, by id. */
export const builtinContracts = createContractRegistry([
  ...confluxContracts,
  ...zaofuContracts,
  ...maestroContracts,
  ...devflowContracts,
]);
