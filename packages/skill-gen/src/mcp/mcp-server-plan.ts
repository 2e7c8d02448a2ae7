/**
 * The pack's submit server inside a runtime target, beside the hook's `hooks/` folder (in the plugin or
 * extension root where the target has one): one self-contained CommonJS file run as `node <file>` over stdio.
 */
export const MCP_SERVER_FILE = 'mcp/skillpack-mcp.cjs';

/** The input schema dialect the server lists its tools in: standard JSON Schema, or OpenAI's strict subset. */
export type McpSchemaDialect = 'standard' | 'openai';

/** The argument that makes the server list OpenAI-strict input schemas (Codex). */
export const MCP_SCHEMA_ARGUMENT = '--schema';

/** The command line that starts the server at `file`: `node <file>`, `node <file> --schema openai` for Codex. */
export function mcpServerCommand(file: string, dialect: McpSchemaDialect = 'standard'): readonly string[] {
  return dialect === 'openai' ? ['node', file, MCP_SCHEMA_ARGUMENT, 'openai'] : ['node', file];
}
