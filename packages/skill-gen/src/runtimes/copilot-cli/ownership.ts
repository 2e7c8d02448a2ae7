import { contractsModuleBeside } from '../../hooks/contracts-module.js';
import type { RuntimeOwnership } from '../../install/runtime-ownership.js';

/** What a Copilot CLI install may own. */
export const copilotCliOwnership: RuntimeOwnership = {
  skillsFolder: { project: '.github/skills/', user: '.copilot/skills/' },
  // The skill form's hook file, its program and the contracts module beside it (target.ts).
  packFiles: (pack, scope) => {
    const hooks = scope === 'project' ? '.github/hooks/' : '.copilot/hooks/';
    const program = `${hooks}${pack}/skillpack-hook.cjs`;
    return [`${hooks}${pack}.json`, program, contractsModuleBeside(program)];
  },
  configRoots: { project: ['.github/skills/'], user: ['.copilot/skills/'] },
};
