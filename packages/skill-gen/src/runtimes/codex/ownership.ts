import type { RuntimeOwnership } from '../../install/runtime-ownership.js';
import { codexPluginFolder } from './layout.js';

/** What a Codex install may own. */
export const codexOwnership: RuntimeOwnership = {
  skillsFolder: { project: '.agents/skills/', user: '.agents/skills/' },
  // The plugin form: Codex's plugin cache, `.codex/plugins/cache/<pack>/<pack>/<version>/` (user scope).
  packFolders: (pack, version, scope) => {
    const folder = scope === 'user' ? codexPluginFolder(pack, version) : undefined;
    return folder === undefined ? [] : [folder];
  },
  configRoots: { project: ['.agents/skills/'], user: ['.agents/skills/'] },
};
