import type { RuntimeOwnership } from '../../install/runtime-ownership.js';

/** What a Pi install may own: its skills and the pack's extension with its configuration. */
export const piOwnership: RuntimeOwnership = {
  skillsFolder: { project: '.pi/skills/', user: '.pi/agent/skills/' },
  packFiles: (pack, scope) => {
    const extensions = scope === 'project' ? '.pi/extensions/' : '.pi/agent/extensions/';
    return [`${extensions}${pack}.js`, `${extensions}${pack}.json`];
  },
  configRoots: { project: ['.pi/'], user: ['.pi/agent/'] },
};
