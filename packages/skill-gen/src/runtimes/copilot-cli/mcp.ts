import type { McpWiring } from '../../install/mcp-wiring.js';

/**
 * GitHub Copilot CLI 1.0.102 (docs/runtimes-mcp.md): `mcpServers.<key>` of `~/.copilot/mcp-config.json`, or of the
 * project's `.github/mcp.json` (read in a trusted folder; `.mcp.json` too, but Claude Code reads that one).
 */
export const copilotCliMcp: McpWiring = {
  packFile: 'copilot-cli/plugin/mcp/skillpack-mcp.cjs',
  programs: { project: '.github/skillpack-mcp/', user: '.copilot/mcp/' },
  config: {
    project: { file: '.github/mcp.json', syntax: 'json', servers: ['mcpServers'] },
    user: { file: '.copilot/mcp-config.json', syntax: 'json', servers: ['mcpServers'] },
  },
  toolName: (key, tool) => `${key}-${tool}`,
  entry: (command, args) => ({ type: 'local', command, args: [...args], tools: ['*'] }),
};
