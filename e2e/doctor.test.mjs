// `skillpack doctor` asks the pinned runtimes, offline, whether they load an installed pack and run its hooks.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { examplePacks, installPack, trustCodexHooks } from './_loops.mjs';
import {
  ensureRuntimes,
  makeSandbox,
  makeTempDir,
  removeTempDirs,
  repoRoot,
  runtimeBinDir,
  skillpack,
} from './_support.mjs';

const cli = join(repoRoot, 'packages/skill-gen/dist/cli.js');

function doctor(sandbox, runtime) {
  const args = ['doctor', '--runtime', runtime, '--scope', 'project', '--dir', sandbox.project];
  // The runtimes' offline commands take a while on a busy machine: a longer bound than _support's 120 s.
  const run = spawnSync(process.execPath, [cli, ...args, '--bin-dir', runtimeBinDir, '--format', 'json'], {
    cwd: sandbox.project,
    env: sandbox.env,
    encoding: 'utf8',
    timeout: 600_000,
  });
  assert.notEqual(run.status, 2, `${run.stdout}\n${run.stderr}`);
  const report = JSON.parse(run.stdout);
  assert.equal(report.packs.length, 1, run.stdout);
  return { status: run.status, report, checks: report.packs[0].checks };
}

const byName = (checks) => Object.fromEntries(checks.map((check) => [check.name, check.status]));

before(() => {
  ensureRuntimes();
  examplePacks();
});
after(removeTempDirs);

describe('skillpack doctor', () => {
  it('OpenCode: every skill loaded and the plugin ready; a removed skill is reported missing', () => {
    const sandbox = makeSandbox();
    installPack('opencode', sandbox);
    const healthy = doctor(sandbox, 'opencode');
    assert.equal(healthy.status, 0, JSON.stringify(healthy.report, null, 2));
    assert.equal(byName(healthy.checks)['cflx-accept'], 'loaded');
    assert.equal(byName(healthy.checks)['.opencode/plugins/skillpack-examples.js'], 'active');
    rmSync(join(sandbox.project, '.opencode/skills/cflx-accept'), { recursive: true });
    const broken = doctor(sandbox, 'opencode');
    assert.equal(broken.status, 1);
    assert.equal(byName(broken.checks)['cflx-accept'], 'missing');
  });

  it('Codex: skills listed; the Stop hook is inactive until trusted, then active', async () => {
    const sandbox = makeSandbox();
    installPack('codex', sandbox);
    writeFileSync(
      join(sandbox.env.CODEX_HOME, 'config.toml'),
      `[projects.${JSON.stringify(sandbox.project)}]\ntrust_level = "trusted"\n`,
    );
    const untrusted = doctor(sandbox, 'codex');
    assert.equal(untrusted.status, 1, JSON.stringify(untrusted.report, null, 2));
    assert.equal(byName(untrusted.checks)['cflx-accept'], 'loaded');
    const hook = untrusted.checks.find((check) => check.kind === 'hook');
    assert.equal(hook?.status, 'inactive', JSON.stringify(untrusted.checks));
    assert.match(hook.detail, /trusted_hash = "sha256:/);
    await trustCodexHooks(sandbox);
    assert.match(readFileSync(join(sandbox.env.CODEX_HOME, 'config.toml'), 'utf8'), /trusted_hash/);
    const trusted = doctor(sandbox, 'codex');
    assert.equal(trusted.status, 0, JSON.stringify(trusted.report, null, 2));
  });

  it("Codex: a skill kept out of the model's list on purpose is reported explicit-only, and healthy", () => {
    // The Dev Flow pack (seed 003): its agents/openai.yaml disallows implicit invocation.
    const packs = join(makeTempDir('skillpack-dev-flow-pack-'), 'packs');
    const config = join(repoRoot, 'examples/dev-flow-codex/skillpack.config.json');
    const built = skillpack(['build', '--config', config, '--out', packs]);
    assert.equal(built.status, 0, `${built.stdout}\n${built.stderr}`);
    const sandbox = makeSandbox();
    const args = ['install', packs, '--runtime', 'codex', '--scope', 'project', '--dir', sandbox.project];
    const installed = skillpack(args, { env: sandbox.env });
    assert.equal(installed.status, 0, `${installed.stdout}\n${installed.stderr}`);
    const result = doctor(sandbox, 'codex');
    assert.equal(byName(result.checks)['dev-flow'], 'explicit_only', JSON.stringify(result.report, null, 2));
    assert.equal(result.status, 0, JSON.stringify(result.report, null, 2));
  });

  it('Claude Code: the skills appear in the init event, read before any model call', () => {
    const sandbox = makeSandbox();
    installPack('claude-code', sandbox);
    const result = doctor(sandbox, 'claude-code');
    assert.equal(result.status, 0, JSON.stringify(result.report, null, 2));
    assert.equal(byName(result.checks)['cflx-accept'], 'loaded');
  });
});
