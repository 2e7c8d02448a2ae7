// `skillpack doctor` asks the pinned runtimes, offline, whether they load an installed pack and run its hooks,
// and proves enforcement: a real headless run per hooked contract against a local scripted model. Every run
// leaves the project and the home (HOME, CODEX_HOME, the XDG folders) byte for byte as it found them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { examplePacks, installPack } from './_loops.mjs';
import {
  builtInitPack,
  ensureRuntimes,
  makeSandbox,
  makeTempDir,
  removeTempDirs,
  repoRoot,
  runtimeBinDir,
  skillpack,
  skillpackBin,
} from './_support.mjs';

/** Every path under `root` with its mode and bytes' hash (or link target), for a before/after comparison. */
function snapshot(root) {
  const out = {};
  const walk = (dir, prefix) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const info = lstatSync(path);
      if (info.isSymbolicLink()) out[`${prefix}${name}`] = `-> ${readlinkSync(path)}`;
      else if (info.isDirectory()) {
        out[`${prefix}${name}/`] = 'dir';
        walk(path, `${prefix}${name}/`);
      } else
        out[`${prefix}${name}`] =
          `${info.mode & 0o777} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`;
    }
  };
  walk(root, '');
  return out;
}

/** The test's project and its whole home (HOME, CODEX_HOME, the XDG folders are all inside it). */
const both = (sandbox) => ({ project: snapshot(sandbox.project), home: snapshot(sandbox.home) });

/**
 * Run doctor as a user does; every run is also checked to leave the project and the home byte for byte as it
 * found them (issue #41: doctor's proofs leave the user's project and home as they found them).
 */
function doctor(sandbox, runtime, extra = [], scope = 'project') {
  const args = ['doctor', '--runtime', runtime, '--scope', scope, '--dir', sandbox.project, ...extra];
  const before = both(sandbox);
  // The runtimes' offline commands take a while on a busy machine: a longer bound than _support's 120 s.
  const run = spawnSync(
    process.execPath,
    [skillpackBin, ...args, '--bin-dir', runtimeBinDir, '--format', 'json'],
    {
      cwd: sandbox.project,
      env: sandbox.env,
      encoding: 'utf8',
      timeout: 600_000,
    },
  );
  assert.notEqual(run.status, 2, `${run.stdout}\n${run.stderr}`);
  assert.deepEqual(both(sandbox), before, `skillpack ${args.join(' ')} changed the project or the home`);
  const report = JSON.parse(run.stdout);
  assert.equal(report.packs.length, 1, run.stdout);
  return { status: run.status, report, checks: report.packs[0].checks };
}

const byName = (checks) => Object.fromEntries(checks.map((check) => [check.name, check.status]));
const enforcement = (checks) => checks.filter((check) => check.kind === 'enforcement');
const HOOKED = ['conflux.acceptance', 'maestro.result'];

/** Every hooked contract of the example pack proven enforced in a real run. */
function assertEnforced(result) {
  const why = JSON.stringify(result.report, null, 2);
  assert.deepEqual(
    enforcement(result.checks).map((check) => [check.name, check.status]),
    HOOKED.map((id) => [id, 'enforced']),
    why,
  );
  for (const check of enforcement(result.checks))
    assert.match(
      check.detail,
      /pushed back with the contract's correction and the right answer ended the run/,
    );
}

before(() => {
  ensureRuntimes();
  examplePacks();
});
after(removeTempDirs);

describe('skillpack doctor', () => {
  /**
   * Every runtime doctor runs, installed as a user installs it (with the trust the runtime asks for, where it asks):
   * `doctor --fast` and `doctor` find every skill loaded and the hook or plugin active, prove every hooked contract
   * enforced in a real run, and (as `doctor` checks on every run) leave the project and the home byte for byte as
   * they found them.
   */
  const HEALTHY = [
    { runtime: 'claude-code' },
    { runtime: 'codex', install: ['--trust-codex-hooks', '--codex', join(runtimeBinDir, 'codex')] },
    { runtime: 'opencode', active: '.opencode/plugins/skillpack-examples.js' },
    { runtime: 'gemini-cli', install: ['--activate'] },
    { runtime: 'copilot-cli', install: ['--activate'] },
    { runtime: 'qwen-code' },
    { runtime: 'pi', install: ['--activate'], active: '.pi/extensions/skillpack-examples.js' },
  ];
  for (const row of HEALTHY) {
    it(`${row.runtime}: doctor --fast and doctor find it healthy, prove it enforced, and change nothing`, () => {
      const sandbox = makeSandbox();
      installPack(row.runtime, sandbox, examplePacks(), 'project', row.install ?? []);
      const fast = doctor(sandbox, row.runtime, ['--fast']);
      assert.equal(fast.status, 0, JSON.stringify(fast.report, null, 2));
      const proven = doctor(sandbox, row.runtime);
      const why = JSON.stringify(proven.report, null, 2);
      assert.equal(proven.status, 0, why);
      assert.equal(byName(proven.checks)['cflx-accept'], 'loaded', why);
      if (row.active) assert.equal(byName(proven.checks)[row.active], 'active', why);
      assertEnforced(proven);
    });
  }

  it('OpenCode: a removed skill is missing', () => {
    const sandbox = makeSandbox();
    installPack('opencode', sandbox);
    rmSync(join(sandbox.project, '.opencode/skills/cflx-accept'), { recursive: true });
    const broken = doctor(sandbox, 'opencode', ['--fast']);
    assert.equal(broken.status, 1);
    assert.equal(byName(broken.checks)['cflx-accept'], 'missing');
  });

  it('Codex: the Stop hook is not trusted, so not enforced, with the exact step', () => {
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
    for (const check of enforcement(untrusted.checks)) {
      assert.equal(check.status, 'not_enforced', JSON.stringify(check));
      assert.match(
        check.detail,
        /^not trusted: .*\[hooks\.state\."[^"]+"\] trusted_hash = "sha256:[0-9a-f]+"/,
      );
    }
    assert.deepEqual(
      enforcement(untrusted.checks).map((check) => check.name),
      HOOKED,
    );
    // Doctor replicated no trust anywhere: the user's config.toml is as it was (`doctor` checks the whole home).
  });

  it('Pi: an untrusted project is not enforced, with the exact step', () => {
    const sandbox = makeSandbox();
    installPack('pi', sandbox);
    const untrusted = doctor(sandbox, 'pi');
    const why = JSON.stringify(untrusted.report, null, 2);
    assert.equal(untrusted.status, 1, why);
    assert.equal(byName(untrusted.checks)['.pi/extensions/skillpack-examples.js'], 'inactive', why);
    assert.equal(enforcement(untrusted.checks).length, HOOKED.length, why);
    for (const check of enforcement(untrusted.checks)) {
      assert.equal(check.status, 'not_enforced', why);
      assert.match(check.detail, /trust\.json/, why);
    }
  });

  it("Codex: a skill kept out of the model's list on purpose is reported explicit-only, and healthy", () => {
    // The Dev Flow pack (seed 003): its agents/openai.yaml disallows implicit invocation.
    const packs = join(makeTempDir('skillpack-dev-flow-pack-'), 'packs');
    const config = join(repoRoot, 'examples/dev-flow-codex/skillpack.config.json');
    const built = skillpack(['build', '--config', config, '--out', packs]);
    assert.equal(built.status, 0, `${built.stdout}\n${built.stderr}`);
    const sandbox = makeSandbox();
    // Its skill is selected only as $dev-flow-codex:dev-flow, so it installs as the plugin (user scope) alone.
    const args = ['install', packs, '--runtime', 'codex', '--scope', 'user', '--dir', sandbox.project];
    const installed = skillpack([...args, '--activate'], { env: sandbox.env });
    assert.equal(installed.status, 0, `${installed.stdout}\n${installed.stderr}`);
    const result = doctor(sandbox, 'codex', ['--fast'], 'user');
    assert.equal(byName(result.checks)['dev-flow'], 'explicit_only', JSON.stringify(result.report, null, 2));
    assert.equal(result.status, 0, JSON.stringify(result.report, null, 2));
  });

  it('a pack made by `skillpack init`, installed from its package into an empty project: its own contract is proven in Codex from the contracts module it carries, and from its module with --config (issue #41)', () => {
    const { dir } = builtInitPack();
    const sandbox = makeSandbox();
    // The npm package is the portable folder: a consumer has neither skillpack.config.json nor a contract module.
    const args = [
      'install',
      join(dir, 'dist/skill-packs/portable'),
      '--runtime',
      'codex',
      '--scope',
      'project',
    ];
    const trust = ['--trust-codex-hooks', '--codex', join(runtimeBinDir, 'codex')];
    const installed = skillpack([...args, '--dir', sandbox.project, ...trust], { env: sandbox.env });
    assert.equal(installed.status, 0, `${installed.stdout}\n${installed.stderr}`);
    assert.deepEqual(
      readdirSync(sandbox.project).filter((name) => !name.startsWith('.')),
      ['skillpack-lock.json'],
    );
    for (const extra of [[], ['--config', join(dir, 'skillpack.config.json')]]) {
      const result = doctor(sandbox, 'codex', extra);
      const why = JSON.stringify(result.report, null, 2);
      assert.equal(result.status, 0, why);
      assert.deepEqual(
        enforcement(result.checks).map((check) => [check.name, check.status]),
        [['acme-review.review', 'enforced']],
        why,
      );
    }
  });

  it('user scope: a Codex pack installed into the home is proven in a copy of the user configuration; uninstall gives config.toml back', () => {
    const sandbox = makeSandbox();
    // The person's own config.toml (no final newline), which install appends the plugin table and the trust to.
    const config = join(sandbox.env.CODEX_HOME, 'config.toml');
    const mine = '# mine\nmodel = "gpt-5.5"';
    writeFileSync(config, mine);
    const args = ['install', examplePacks(), '--runtime', 'codex', '--scope', 'user', '--home', sandbox.home];
    const trust = ['--trust-codex-hooks', '--codex', join(runtimeBinDir, 'codex')];
    const installed = skillpack([...args, ...trust], { env: sandbox.env });
    assert.equal(installed.status, 0, `${installed.stdout}\n${installed.stderr}`);
    const result = doctor(sandbox, 'codex', ['--home', sandbox.home], 'user');
    const why = JSON.stringify(result.report, null, 2);
    assert.equal(result.report.packs[0].scope, 'user', why);
    assert.equal(result.status, 0, why);
    assertEnforced(result);
    const removed = skillpack(
      ['uninstall', 'skillpack-examples', '--scope', 'user', '--home', sandbox.home],
      {
        env: sandbox.env,
      },
    );
    assert.equal(removed.status, 0, `${removed.stdout}\n${removed.stderr}`);
    assert.equal(readFileSync(config, 'utf8'), mine);
  });

  it('Claude Code: with the settings hook taken out by hand, nothing enforces: exit 1, and why', () => {
    const sandbox = makeSandbox();
    installPack('claude-code', sandbox);
    writeFileSync(join(sandbox.project, '.claude/settings.json'), '{}\n');
    const result = doctor(sandbox, 'claude-code');
    const why = JSON.stringify(result.report, null, 2);
    assert.equal(result.status, 1, why);
    assert.deepEqual(
      enforcement(result.checks).map((check) => [check.name, check.status]),
      [['.claude/settings.json', 'not_enforced']],
      why,
    );
    assert.match(enforcement(result.checks)[0].detail, /Hook not registered: .*none is there now/, why);
  });

  it('--fast skips the proving runs and says so, in JSON and in text', () => {
    const sandbox = makeSandbox();
    installPack('claude-code', sandbox);
    const result = doctor(sandbox, 'claude-code', ['--fast']);
    assert.equal(result.status, 0, JSON.stringify(result.report, null, 2));
    for (const check of enforcement(result.checks)) {
      assert.equal(check.status, 'skipped');
      assert.match(check.detail, /--fast: no proving run, so enforcement is not proven/);
    }
    const text = skillpack(
      [
        'doctor',
        '--runtime',
        'claude-code',
        '--scope',
        'project',
        '--dir',
        sandbox.project,
        '--bin-dir',
        runtimeBinDir,
        '--fast',
      ],
      { env: sandbox.env, cwd: sandbox.project },
    );
    assert.equal(text.status, 0, text.stderr);
    assert.match(text.stdout, /enforcement NOT proven \(--fast skipped the runs\)/);
  });
});
