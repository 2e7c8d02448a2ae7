import type { RuntimeOwnership } from '../../install/runtime-ownership.js';

/** What an OpenCode install may own: its skills and the pack's plugin with its configuration. */
export const openCodeOwnership: RuntimeOwnership = {
  skillsFolder: { project: '.opencode/skills/', user: '.config/opencode/skills/' },
  packFiles: (pack, scope) => {
    const plugins = scope === 'project' ? '.opencode/plugins/' : '.config/opencode/plugins/';
    return [`${plugins}${pack}.js`, `${plugins}${pack}.json`];
  },
  configRoots: { project: ['.opencode/'], user: ['.config/opencode/'] },
};
