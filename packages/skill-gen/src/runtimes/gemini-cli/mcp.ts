import type { McpConfigFile, McpWiring } from '../../install/mcp-wiring.js';

const SETTINGS: McpConfigFile = { file: '.gemini/settings.json', syntax: 'jsonc', servers: ['mcpServers'] };

/**
 * Gemini CLI 0.61 (docs/runtimes-mcp.md): `mcpServers.<key>` of settings.json; headless, a server's tools are
 * offered to the model only when its entry says `trust: true` (and a project's only in a trusted folder).
 */
export const geminiCliMcp: McpWiring = {
  packFile: 'gemini-cli/extension/mcp/skillpack-mcp.cjs',
  programs: { project: '.gemini/mcp/', user: '.gemini/mcp/' },
  config: { project: SETTINGS, user: SETTINGS },
  toolName: (key, tool) => `mcp_${key}_${tool}`,
  entry: (command, args) => ({ command, args: [...args], trust: true }),
};
