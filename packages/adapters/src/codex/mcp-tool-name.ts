import type { McpToolNaming } from '../_shared/mcp-tool-name.js';

/**
 * Codex 0.169 (docs/runtimes-mcp.md): the model calls tool `<tool>` of namespace `mcp__<key>`, each `-` of the key
 * made a `_`; its reader names an `mcp_tool_call` item the same way.
 */
export const CODEX_MCP_TOOL_NAME: McpToolNaming = {
  prefix: 'mcp__',
  separator: '__',
  dashesAsUnderscores: true,
};
