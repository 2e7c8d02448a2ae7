import { contractsModuleBeside } from '../../hooks/contracts-module.js';
import type { RuntimeOwnership } from '../../install/runtime-ownership.js';

/** What a Pi install may own: its skills and the pack's extension with its configuration and contracts module. */
export const piOwnership: RuntimeOwnership = {
  skillsFolder: { project: '.pi/skills/', user: '.pi/agent/skills/' },
  packFiles: (pack, scope) => {
    const extensions = scope === 'project' ? '.pi/extensions/' : '.pi/agent/extensions/';
    const extension = `${extensions}${pack}.js`;
    return [extension, `${extensions}${pack}.json`, contractsModuleBeside(extension)];
  },
  configRoots: { project: ['.pi/'], user: ['.pi/agent/'] },
};
