import { contractsModuleBeside } from '../../hooks/contracts-module.js';
import type { RuntimeOwnership } from '../../install/runtime-ownership.js';

/** What an OpenCode install may own: its skills and the pack's plugin with its configuration and contracts module. */
export const openCodeOwnership: RuntimeOwnership = {
  skillsFolder: { project: '.opencode/skills/', user: '.config/opencode/skills/' },
  packFiles: (pack, scope) => {
    const plugins = scope === 'project' ? '.opencode/plugins/' : '.config/opencode/plugins/';
    const plugin = `${plugins}${pack}.js`;
    return [plugin, `${plugins}${pack}.json`, contractsModuleBeside(plugin)];
  },
  configRoots: { project: ['.opencode/'], user: ['.config/opencode/'] },
};
