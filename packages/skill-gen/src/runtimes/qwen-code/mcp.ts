import type { McpConfigFile, McpWiring } from '../../install/mcp-wiring.js';

const SETTINGS: McpConfigFile = { file: '.qwen/settings.json', syntax: 'jsonc', servers: ['mcpServers'] };

/**
 * Qwen Code 0.24.4 (docs/runtimes-mcp.md): `mcpServers.<key>` of settings.json; `trust: true` runs a user server's
 * tools with no prompt. A project server connected only under `--approval-mode yolo`.
 */
export const qwenCodeMcp: McpWiring = {
  packFile: 'qwen-code/mcp/skillpack-mcp.cjs',
  programs: { project: '.qwen/mcp/', user: '.qwen/mcp/' },
  config: { project: SETTINGS, user: SETTINGS },
  toolName: (key, tool) => `mcp__${key}__${tool}`,
  // It checks a call's arguments itself against the tool's schema (`params/answer/amount must be > 0`).
  argumentRefusal: /^params(\/\S*)? must /,
  entry: (command, args) => ({ command, args: [...args], trust: true }),
};
