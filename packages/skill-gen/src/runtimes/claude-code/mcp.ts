import type { McpApproval, McpWiring } from '../../install/mcp-wiring.js';

const allow = (file: string): McpApproval => ({
  file,
  syntax: 'json',
  array: ['permissions', 'allow'],
  rule: (key) => `mcp__${key}`,
});

/**
 * Claude Code 2.1.328 (docs/runtimes-mcp.md): `.mcp.json` (project) and `~/.claude.json` (user) `mcpServers`;
 * `claude -p` starts a project server with no enabling step but refuses its calls unless a `mcp__<key>` rule
 * allows them, which it read from `.claude/settings.local.json` and the user's settings, not from the project's
 * shared `.claude/settings.json`.
 */
export const claudeCodeMcp: McpWiring = {
  packFile: 'claude-code/plugin/mcp/skillpack-mcp.cjs',
  programs: { project: '.claude/mcp/', user: '.claude/mcp/' },
  config: {
    project: { file: '.mcp.json', syntax: 'json', servers: ['mcpServers'] },
    user: { file: '.claude.json', syntax: 'json', servers: ['mcpServers'] },
  },
  entry: (command, args) => ({ type: 'stdio', command, args: [...args] }),
  toolName: (key, tool) => `mcp__${key}__${tool}`,
  refusal: /requested permissions to use/,
  approval: { project: allow('.claude/settings.local.json'), user: allow('.claude/settings.json') },
};
