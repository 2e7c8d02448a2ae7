import type { McpWiring } from '../../install/mcp-wiring.js';

/**
 * OpenCode 1.18.33 (docs/runtimes-mcp.md): `mcp.<key>` of `opencode.json` (project) or
 * `~/.config/opencode/opencode.json` (user), `type: "local"` with the whole command line as one array; no approval.
 */
export const openCodeMcp: McpWiring = {
  packFile: 'opencode/mcp/skillpack-mcp.cjs',
  programs: { project: '.opencode/mcp/', user: '.config/opencode/mcp/' },
  config: {
    project: { file: 'opencode.json', syntax: 'jsonc', servers: ['mcp'] },
    user: { file: '.config/opencode/opencode.json', syntax: 'jsonc', servers: ['mcp'] },
  },
  toolName: (key, tool) => `${key}_${tool}`,
  entry: (command, args) => ({ type: 'local', command: [command, ...args] }),
};
