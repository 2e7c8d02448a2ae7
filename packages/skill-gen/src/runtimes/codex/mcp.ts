import type { McpConfigFile, McpWiring } from '../../install/mcp-wiring.js';

const CONFIG: McpConfigFile = { file: '.codex/config.toml', syntax: 'toml', servers: ['mcp_servers'] };

/**
 * Codex 0.169 (docs/runtimes-mcp.md): a `[mcp_servers.<key>]` table in config.toml (a project's only when the
 * project is trusted); `codex exec` fails every call of it ("requires approval, but approval policy is never")
 * unless the table says `default_tools_approval_mode = "approve"`. The server lists OpenAI-strict schemas.
 */
export const codexMcp: McpWiring = {
  packFile: 'codex/plugin/mcp/skillpack-mcp.cjs',
  programs: { project: '.codex/mcp/', user: '.codex/mcp/' },
  serverArgs: ['--schema', 'openai'],
  config: { project: CONFIG, user: CONFIG },
  // Codex 0.169 makes a `-` of the key a `_` in the tool's namespace.
  toolName: (key, tool) => `mcp__${key.replaceAll('-', '_')}__${tool}`,
  refusal: /requires approval/,
  // With its default model (gpt-5.5) Codex defers MCP tools behind `tool_search` and its first request names only
  // the namespace (`mcp__<key>`), no tool for doctor's proof to call (the scripted model could search for a named one).
  scriptedRunArgs: ['-c', 'model="gpt-5"'],
  entry: (command, args) => ({ command, args: [...args], default_tools_approval_mode: 'approve' }),
};
