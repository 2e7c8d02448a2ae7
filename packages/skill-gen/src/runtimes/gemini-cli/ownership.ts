import type { RuntimeOwnership } from '../../install/runtime-ownership.js';

/** What a Gemini CLI install may own. */
export const geminiCliOwnership: RuntimeOwnership = {
  skillsFolder: { project: '.gemini/skills/', user: '.gemini/skills/' },
  configRoots: { project: ['.gemini/skills/'], user: ['.gemini/skills/'] },
};
