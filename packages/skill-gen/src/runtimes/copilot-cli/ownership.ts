import type { RuntimeOwnership } from '../../install/runtime-ownership.js';

/** What a Copilot CLI install may own. */
export const copilotCliOwnership: RuntimeOwnership = {
  skillsFolder: { project: '.github/skills/', user: '.copilot/skills/' },
  // The skill form's hook file and its program (target.ts).
  packFiles: (pack, scope) => {
    const hooks = scope === 'project' ? '.github/hooks/' : '.copilot/hooks/';
    return [`${hooks}${pack}.json`, `${hooks}${pack}/skillpack-hook.cjs`];
  },
  configRoots: { project: ['.github/skills/'], user: ['.copilot/skills/'] },
};
