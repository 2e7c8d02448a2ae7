import type { McpToolNaming } from '../_shared/mcp-tool-name.js';

/** OpenCode 1.18.33 (docs/runtimes-mcp.md): tool `<tool>` of the server configured as `<key>` is `<key>_<tool>`. */
export const OPENCODE_MCP_TOOL_NAME: McpToolNaming = { prefix: '', separator: '_' };
