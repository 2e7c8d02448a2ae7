// The Nx plugin: list it in nx.json "plugins" and every skillpack.config.json becomes a project with
// cached skillpack-build, skillpack-check and skillpack-lint targets.
export { createNodesV2 } from './create-nodes.js';
export type { CreateNodesContextV2, CreateNodesResult, CreateNodesV2, InferredProject } from './nx-types.js';
export type { SkillpackNxOptions } from './options.js';
