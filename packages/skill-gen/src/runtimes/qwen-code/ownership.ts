import type { RuntimeOwnership } from '../../install/runtime-ownership.js';

/** What a Qwen Code install may own. */
export const qwenCodeOwnership: RuntimeOwnership = {
  skillsFolder: { project: '.qwen/skills/', user: '.qwen/skills/' },
  configRoots: { project: ['.qwen/'], user: ['.qwen/'] },
};
