import type { RuntimeOwnership } from '../../install/runtime-ownership.js';
import { ACTIVATION_FILE } from './activation.js';
import { marketplaceFolder, pluginName } from './plugin.js';

/** What a Claude Code install may own. */
export const claudeCodeOwnership: RuntimeOwnership = {
  skillsFolder: { project: '.claude/skills/', user: '.claude/skills/' },
  // The plugin form: its local marketplace, `.claude/skillpack-plugins/<pack>/` (plugin.ts).
  packFolders: (pack) => {
    const name = pluginName(pack);
    return name === undefined ? [] : [marketplaceFolder(name)];
  },
  activationFile: ACTIVATION_FILE,
  configRoots: { project: ['.claude/'], user: ['.claude/'] },
};
