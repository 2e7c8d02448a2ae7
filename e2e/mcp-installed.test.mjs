// A pack's MCP server as `skillpack install` wires it, called by each real runtime headless: the pack carries the
// server where a built pack has it (/work/briefs/mcp-seam.md: `<target>/…/mcp/skillpack-mcp.cjs`), here a stand-in
// that starts the minimal SDK server of e2e/_mcp-probe-server.mjs; install puts it into the project or home with
// the runtime's MCP entry (and approval); the model calls the tool by the name the runtime gives it and the call
// reaches the server. One row per runtime and scope; docs/runtimes-mcp.md says why each entry looks as it does.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { CLI_NAMES, createScriptedModel, otherwise, reply, runAgent, when } from '@skillpack/testing';
import { installAsUser } from './_installed.mjs';
import {
  ensureRuntimes,
  makeSandbox,
  makeTempDir,
  removeTempDirs,
  repoRoot,
  runtimeBinDir,
  skillpackBin,
} from './_support.mjs';

const PACK = { name: 'probe-pack', version: '1.0.0' };
/** Where each target keeps the pack's skill and its server (the seam), and the tool's name to the model. */
const RUNTIMES = {
  'claude-code': {
    skill: 'claude-code/.claude/skills/probe/SKILL.md',
    server: 'claude-code/plugin/mcp/skillpack-mcp.cjs',
    tool: 'mcp__probe-pack__echo',
  },
  codex: {
    skill: 'codex/.agents/skills/probe/SKILL.md',
    server: 'codex/plugin/mcp/skillpack-mcp.cjs',
    // Codex 0.169 makes the key's `-` a `_` in the namespace.
    tool: 'mcp__probe_pack__echo',
    // A model without tool search, so the namespace is declared (docs/runtimes-mcp.md).
    args: ['-c', 'model="gpt-5"'],
    // Codex loads a project's config.toml only in a trusted project; install trusts it only for a pack's Stop
    // hook, so an MCP-only pack's user takes the step Codex prints (`codex exec --trust`).
    projectArgs: ['--trust'],
  },
  opencode: {
    skill: 'opencode/.opencode/skills/probe/SKILL.md',
    server: 'opencode/mcp/skillpack-mcp.cjs',
    tool: 'probe-pack_echo',
  },
  'gemini-cli': {
    skill: 'gemini-cli/.gemini/skills/probe/SKILL.md',
    server: 'gemini-cli/extension/mcp/skillpack-mcp.cjs',
    tool: 'mcp_probe-pack_echo',
  },
  'copilot-cli': {
    skill: 'copilot-cli/.github/skills/probe/SKILL.md',
    server: 'copilot-cli/plugin/mcp/skillpack-mcp.cjs',
    tool: 'probe-pack-echo',
  },
  'qwen-code': {
    skill: 'qwen-code/.qwen/skills/probe/SKILL.md',
    server: 'qwen-code/mcp/skillpack-mcp.cjs',
    tool: 'mcp__probe-pack__echo',
  },
};
const SCOPES = ['project', 'user'];

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

/** A built pack (files + manifest with their sha256s) whose server starts the probe server, logging to `log`. */
function probePack(dir, log) {
  const probe = pathToFileURL(join(repoRoot, 'e2e/_mcp-probe-server.mjs')).href;
  const server = `#!/usr/bin/env node\nprocess.argv.splice(2, Infinity, ${JSON.stringify(log)});\nimport(${JSON.stringify(probe)});\n`;
  const skill = '---\nname: probe\ndescription: Calls the probe tool.\n---\nCall the echo tool.\n';
  const files = {};
  for (const runtime of Object.values(RUNTIMES)) {
    files[runtime.skill] = skill;
    files[runtime.server] = server;
  }
  const entries = Object.entries(files)
    .map(([path, content]) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
      return { path, sha256: sha256(content), executable: false };
    })
    .sort((a, b) => (a.path < b.path ? -1 : 1));
  const manifest = {
    contracts: [],
    files: entries,
    generator: { name: '@skillpack/skill-gen', version: '0.1.0' },
    pack: PACK,
    schemaVersion: 1,
    sources: [],
    targets: Object.keys(RUNTIMES),
  };
  writeFileSync(join(dir, 'skillpack.manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

/** Every path under `root` with its bytes, for a before/after comparison. */
function snapshot(root) {
  const out = {};
  const walk = (dir, prefix) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const rel = `${prefix}${name}`;
      const stat = lstatSync(path);
      if (stat.isDirectory()) walk(path, `${rel}/`);
      else out[rel] = stat.isFile() ? readFileSync(path, 'utf8') : 'other';
    }
  };
  walk(root, '');
  return out;
}

/** `skillpack doctor` as a user runs it, its `mcp` checks. */
function doctorMcp(sandbox, runtime, scope) {
  const where =
    scope === 'project' ? ['--dir', sandbox.project] : ['--dir', sandbox.project, '--home', sandbox.home];
  const args = ['doctor', '--runtime', runtime, '--scope', scope, ...where, '--bin-dir', runtimeBinDir];
  const run = spawnSync(process.execPath, [skillpackBin, ...args, '--format', 'json'], {
    cwd: sandbox.project,
    env: sandbox.env,
    encoding: 'utf8',
    timeout: 600_000,
  });
  assert.notEqual(run.status, 2, `${run.stdout}\n${run.stderr}`);
  const report = JSON.parse(run.stdout);
  return report.packs.flatMap((pack) => pack.checks).filter((check) => check.kind === 'mcp');
}

describe('skillpack install wires a pack MCP server each runtime calls headless', () => {
  before(() => ensureRuntimes());
  after(() => removeTempDirs());

  for (const [runtime, facts] of Object.entries(RUNTIMES)) {
    for (const scope of SCOPES) {
      it(`${runtime} ${scope}: ${facts.tool} offered, called, answered`, async () => {
        const sandbox = makeSandbox();
        const log = join(makeTempDir('skillpack-mcp-log-'), 'calls.log');
        const pack = probePack(makeTempDir('skillpack-mcp-pack-'), log);
        const install = installAsUser(sandbox, { runtime, scope, packs: pack, activate: true });
        assert.equal(install.status, 0, `skillpack install failed:\n${install.stdout}\n${install.stderr}`);
        const model = await createScriptedModel({
          replies: [
            when({ hasTools: false }, reply.text('Title')),
            when({ lastMessageIncludes: 'echoed:ping' }, reply.text('The tool answered.')),
            when({ turn: 0 }, (request) =>
              request.tools.includes(facts.tool) ||
              request.tools.some((name) => facts.tool.startsWith(`${name}__`)) ||
              request.rawBody.includes(facts.tool)
                ? reply.toolCall(facts.tool, { value: 'ping' })
                : reply.text('No tool.'),
            ),
            otherwise(reply.text('Done.')),
          ],
        });
        const run = await runAgent({
          runtime,
          model,
          prompt: 'Call the echo tool with ping.',
          project: sandbox.project,
          home: sandbox.home,
          cli: join(runtimeBinDir, CLI_NAMES[runtime]),
          args: [...(facts.args ?? []), ...(scope === 'project' ? (facts.projectArgs ?? []) : [])],
          timeoutMs: 180_000,
        }).finally(() => model.close());
        const calls = existsSync(log) ? readFileSync(log, 'utf8') : '';
        const seen = run.requests.map(
          (request) => `turn ${request.turn}: ${request.lastMessage.slice(0, 160)}`,
        );
        assert.equal(
          calls,
          'ping\n',
          `the call reached the server\n${seen.join('\n')}\n${run.stderr.slice(-1500)}`,
        );
        assert.equal(run.run.finalText, 'The tool answered.');
        // doctor proves it in its own throwaway run and writes nothing in the project. (The home is not compared:
        // the offline skill probes of Claude Code and Codex run in place and write their session state there.)
        const before = snapshot(sandbox.project);
        const checks = doctorMcp(sandbox, runtime, scope);
        if (runtime === 'codex' && scope === 'project') {
          // The copy doctor runs in is not a trusted project, so Codex does not load its config.toml.
          assert.deepEqual(
            checks.map((check) => check.status),
            ['inactive'],
            JSON.stringify(checks),
          );
        } else {
          assert.deepEqual(
            checks.map((check) => check.status),
            ['active'],
            JSON.stringify(checks),
          );
          // The server answered the call (the SDK's own answer): doctor's value satisfies the schema the request
          // declared or its tool search loaded (echoed), or the runtime showed none (Claude Code defers the tool)
          // and the SDK refused it.
          assert.match(
            checks[0].detail,
            new RegExp(`${facts.tool} answered: .*(echoed:|Input validation error)`),
          );
        }
        const after = snapshot(sandbox.project);
        const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
          (path) => before[path] !== after[path],
        );
        assert.deepEqual(changed, [], 'doctor wrote nothing in the project');
      });
    }
  }
});
