// Where each pinned runtime reads a stdio MCP server from, what a headless call of its tool needs, and what the
// tool is called: one row per observation of docs/runtimes-mcp.md, replayed against the real CLI and the scripted
// model with a minimal server written with the official SDK (e2e/_mcp-probe-server.mjs). A row says where the
// server goes (project files, home files), the run's extra arguments, and what must happen: the tool the model
// sees and whether its call reached the server.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createScriptedModel, otherwise, reply, runAgent, when } from '@skillpack/testing';
import { ensureRuntimes, makeTempDir, removeTempDirs, runtimeBinDir } from './_support.mjs';

const serverFile = fileURLToPath(new URL('./_mcp-probe-server.mjs', import.meta.url));
const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
const stdio = (server) => ({ command: server.command, args: server.args });
const tomlTable = (server, extra = '') =>
  `[mcp_servers.probe]\ncommand = ${JSON.stringify(server.command)}\nargs = ${JSON.stringify(server.args)}\n${extra}`;
const CLAUDE_ALLOW = json({ permissions: { allow: ['mcp__probe__echo'] } });

/**
 * `tool`: the name the model calls (`undefined`: no tool of the server is offered); `called`: the call reached
 * the server. `project` / `home`: files written before the run (functions of the server's command line).
 */
const ROWS = [
  // Claude Code 2.1.328
  {
    runtime: 'claude-code',
    name: 'project .mcp.json, no permission: call refused',
    tool: 'mcp__probe__echo',
    called: false,
    project: (s) => ({ '.mcp.json': json({ mcpServers: { probe: stdio(s) } }) }),
  },
  {
    runtime: 'claude-code',
    name: 'project .mcp.json + settings.local.json allow',
    tool: 'mcp__probe__echo',
    called: true,
    project: (s) => ({
      '.mcp.json': json({ mcpServers: { probe: stdio(s) } }),
      '.claude/settings.local.json': CLAUDE_ALLOW,
    }),
  },
  {
    runtime: 'claude-code',
    name: 'project .mcp.json + shared settings.json allow: still refused',
    tool: 'mcp__probe__echo',
    called: false,
    project: (s) => ({
      '.mcp.json': json({ mcpServers: { probe: stdio(s) } }),
      '.claude/settings.json': CLAUDE_ALLOW,
    }),
  },
  {
    runtime: 'claude-code',
    name: 'user ~/.claude.json + user settings allow',
    tool: 'mcp__probe__echo',
    called: true,
    home: true,
    homeFiles: (s) => ({
      '.claude.json': json({ mcpServers: { probe: { type: 'stdio', ...stdio(s) } } }),
      '.claude/settings.json': CLAUDE_ALLOW,
    }),
  },
  // Codex 0.169.0 (a model without tool search, so the tool is declared: see docs/runtimes-mcp.md)
  {
    runtime: 'codex',
    name: 'user config.toml, no approval: call fails',
    tool: 'mcp__probe__echo',
    called: false,
    home: true,
    args: ['-c', 'model="gpt-5"'],
    homeFiles: (s) => ({ '.codex/config.toml': tomlTable(s) }),
  },
  {
    runtime: 'codex',
    name: 'user config.toml + default_tools_approval_mode',
    tool: 'mcp__probe__echo',
    called: true,
    home: true,
    args: ['-c', 'model="gpt-5"'],
    homeFiles: (s) => ({ '.codex/config.toml': tomlTable(s, 'default_tools_approval_mode = "approve"\n') }),
  },
  {
    runtime: 'codex',
    name: 'project config.toml, untrusted: no server',
    tool: undefined,
    called: false,
    args: ['-c', 'model="gpt-5"'],
    project: (s) => ({ '.codex/config.toml': tomlTable(s, 'default_tools_approval_mode = "approve"\n') }),
  },
  {
    runtime: 'codex',
    name: 'project config.toml, trusted',
    tool: 'mcp__probe__echo',
    called: true,
    home: true,
    args: ['-c', 'model="gpt-5"'],
    homeFiles: (_s, project) => ({
      '.codex/config.toml': `[projects.${JSON.stringify(project)}]\ntrust_level = "trusted"\n`,
    }),
    project: (s) => ({ '.codex/config.toml': tomlTable(s, 'default_tools_approval_mode = "approve"\n') }),
  },
  // OpenCode 1.18.33
  {
    runtime: 'opencode',
    name: 'project opencode.json mcp',
    tool: 'probe_echo',
    called: true,
    project: (s) => ({
      'opencode.json': json({ mcp: { probe: { type: 'local', command: [s.command, ...s.args] } } }),
    }),
  },
  {
    runtime: 'opencode',
    name: 'user opencode.json mcp',
    tool: 'probe_echo',
    called: true,
    home: true,
    homeFiles: (s) => ({
      '.config/opencode/opencode.json': json({
        mcp: { probe: { type: 'local', command: [s.command, ...s.args] } },
      }),
    }),
  },
  // Gemini CLI 0.61.0
  {
    runtime: 'gemini-cli',
    name: 'project settings.json without trust: tool not offered',
    tool: undefined,
    called: false,
    project: (s) => ({ '.gemini/settings.json': json({ mcpServers: { probe: stdio(s) } }) }),
  },
  {
    runtime: 'gemini-cli',
    name: 'project settings.json with trust',
    tool: 'mcp_probe_echo',
    called: true,
    project: (s) => ({
      '.gemini/settings.json': json({ mcpServers: { probe: { ...stdio(s), trust: true } } }),
    }),
  },
  {
    runtime: 'gemini-cli',
    name: 'user settings.json with trust',
    tool: 'mcp_probe_echo',
    called: true,
    home: true,
    homeFiles: (s) => ({
      '.gemini/settings.json': json({ mcpServers: { probe: { ...stdio(s), trust: true } } }),
    }),
  },
  // GitHub Copilot CLI 1.0.102
  {
    runtime: 'copilot-cli',
    name: 'user mcp-config.json',
    tool: 'probe-echo',
    called: true,
    home: true,
    homeFiles: (s) => ({
      '.copilot/mcp-config.json': json({
        mcpServers: { probe: { type: 'local', ...stdio(s), tools: ['*'] } },
      }),
    }),
  },
  {
    runtime: 'copilot-cli',
    name: 'project .mcp.json, untrusted folder: no server',
    tool: undefined,
    called: false,
    project: (s) => ({
      '.mcp.json': json({ mcpServers: { probe: { type: 'local', ...stdio(s), tools: ['*'] } } }),
    }),
  },
  {
    runtime: 'copilot-cli',
    name: 'project .mcp.json, trusted folder',
    tool: 'probe-echo',
    called: true,
    args: ['--trust-folder'],
    project: (s) => ({
      '.mcp.json': json({ mcpServers: { probe: { type: 'local', ...stdio(s), tools: ['*'] } } }),
    }),
  },
  // Qwen Code 0.24.4 (the runner's default approval mode is yolo)
  {
    runtime: 'qwen-code',
    name: 'project settings.json, yolo',
    tool: 'mcp__probe__echo',
    called: true,
    project: (s) => ({ '.qwen/settings.json': json({ mcpServers: { probe: stdio(s) } }) }),
  },
  {
    runtime: 'qwen-code',
    name: 'project settings.json, default mode: server disconnected',
    tool: undefined,
    called: false,
    args: ['--approval-mode', 'default'],
    project: (s) => ({
      '.qwen/settings.json': json({ mcpServers: { probe: { ...stdio(s), trust: true } } }),
    }),
  },
  {
    runtime: 'qwen-code',
    name: 'user settings.json with trust, default mode',
    tool: 'mcp__probe__echo',
    called: true,
    home: true,
    args: ['--approval-mode', 'default'],
    homeFiles: (s) => ({
      '.qwen/settings.json': json({ mcpServers: { probe: { ...stdio(s), trust: true } } }),
    }),
  },
  // Pi 1.6.0
  {
    runtime: 'pi',
    name: 'user mcp.json, default codemode exposure: tool not declared',
    tool: undefined,
    called: false,
    home: true,
    homeFiles: (s) => ({ '.pi/agent/mcp.json': json({ mcpServers: { probe: stdio(s) } }) }),
  },
  {
    runtime: 'pi',
    name: 'user mcp.json, direct exposure',
    tool: 'mcp__probe__echo',
    called: true,
    home: true,
    homeFiles: (s) => ({
      '.pi/agent/mcp.json': json({ mcpServers: { probe: { ...stdio(s), exposure: 'direct' } } }),
    }),
  },
  {
    runtime: 'pi',
    name: 'project .pi/mcp.json, trusted with --approve',
    tool: 'mcp__probe__echo',
    called: true,
    args: ['--approve'],
    project: (s) => ({
      '.pi/mcp.json': json({ mcpServers: { probe: { ...stdio(s), exposure: 'direct' } } }),
    }),
  },
];

function writeAll(root, files) {
  for (const [path, content] of Object.entries(files ?? {})) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/** Whether the request offers the tool: declared, declared in a namespace, or listed as deferred. */
const offers = (request, tool) =>
  request.tools.includes(tool) ||
  request.tools.some((name) => tool.startsWith(`${name}__`)) ||
  request.rawBody.includes(tool);

describe('a stdio MCP server as each runtime reads it (docs/runtimes-mcp.md)', () => {
  const PATH = `${runtimeBinDir}:${process.env.PATH}`;
  before(() => ensureRuntimes());
  after(() => removeTempDirs());

  for (const row of ROWS) {
    it(`${row.runtime}: ${row.name}`, async () => {
      const root = makeTempDir('skillpack-mcp-');
      const project = join(root, 'project');
      const home = join(root, 'home');
      mkdirSync(project);
      mkdirSync(home);
      execFileSync('git', ['init', '-q', project]);
      const log = join(root, 'calls.log');
      const server = { command: process.execPath, args: [serverFile, log] };
      writeAll(project, row.project?.(server, project));
      writeAll(home, row.homeFiles?.(server, project));
      const expected = row.tool ?? 'mcp__probe__echo';
      const model = await createScriptedModel({
        replies: [
          when({ hasTools: false }, reply.text('Title')),
          when({ lastMessageIncludes: 'echoed:ping' }, reply.text('The tool answered.')),
          when({ turn: 0 }, (request) =>
            offers(request, expected) ? reply.toolCall(expected, { value: 'ping' }) : reply.text('No tool.'),
          ),
          otherwise(reply.text('Done.')),
        ],
      });
      const result = await runAgent({
        runtime: row.runtime,
        model,
        prompt: 'Call the echo tool with ping.',
        project,
        ...(row.home ? { home } : {}),
        args: row.args ?? [],
        env: { PATH },
        timeoutMs: 150_000,
      }).finally(() => model.close());
      assert.equal(result.exitCode, 0, result.stderr.slice(-2000));
      const first = result.requests.find((request) => request.hasTools);
      assert.ok(first, 'the CLI asked the model');
      assert.equal(offers(first, expected), row.tool !== undefined, `${expected} offered to the model`);
      const calls = existsSync(log) ? readFileSync(log, 'utf8') : '';
      assert.equal(calls, row.called ? 'ping\n' : '', 'calls that reached the server');
      if (row.called) assert.equal(result.run.finalText, 'The tool answered.');
    });
  }
});
