import type { McpToolNaming } from '../_shared/mcp-tool-name.js';

/** How Gemini CLI 0.61.0 names a tool of an MCP server, to the model and in its output: `mcp_<key>_<tool>`. */
export const GEMINI_MCP_TOOL_NAME = { prefix: 'mcp_', separator: '_' } as const satisfies McpToolNaming;
