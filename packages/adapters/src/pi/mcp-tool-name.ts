import type { McpToolNaming } from '../_shared/mcp-tool-name.js';

/** How Pi 1.6.0 names a tool of a stdio MCP server (`exposure: "direct"`): `mcp__<key>__<tool>`. */
export const PI_MCP_TOOL_NAME: McpToolNaming = { prefix: 'mcp__', separator: '__' };
