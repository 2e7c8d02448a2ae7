import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeReviewProject } from '../_support/review-contract.js';
import { demoPackFiles, skillpack, tempDir, writePack } from '../install/_support/packs.js';

/** A project with the demo pack installed for `runtime`, and a home of its own. */
async function installed(runtime: 'opencode' | 'codex' | 'claude-code') {
  const root = tempDir();
  const pack = writePack(join(root, 'pack'), { name: 'demo-pack', version: '1.0.0' }, demoPackFiles('1.0.0'));
  const project = join(root, 'project');
  const home = join(root, 'home');
  mkdirSync(project);
  mkdirSync(home);
  const install = await skillpack(
    ['install', pack, '--runtime', runtime, '--scope', 'project', '--dir', project, '--home', home],
    {
      cwd: root,
    },
  );
  expect(install.code, install.stderr).toBe(0);
  // An empty folder for --bin-dir: no runtime CLI can be found there.
  const bin = join(root, 'bin');
  mkdirSync(bin);
  return { root, project, home, bin };
}

// Each case installs a pack first, which takes a few seconds on a busy machine.
describe('skillpack doctor', { timeout: 30_000 }, () => {
  it.each(['opencode', 'codex', 'claude-code'] as const)(
    'reports %s checks it could not run as unchecked, exit 1, in one JSON document',
    async (runtime) => {
      const t = await installed(runtime);
      const run = await skillpack(
        [
          'doctor',
          '--dir',
          t.project,
          '--home',
          t.home,
          '--scope',
          'project',
          '--bin-dir',
          t.bin,
          '--format',
          'json',
        ],
        { cwd: t.root },
      );
      expect(run.code).toBe(1);
      const report = JSON.parse(run.stdout);
      expect(report.ok).toBe(false);
      expect(report.packs).toHaveLength(1);
      expect(report.packs[0]).toMatchObject({
        runtime,
        scope: 'project',
        pack: { name: 'demo-pack', version: '1.0.0' },
      });
      const skills = report.packs[0].checks.filter((check: { kind: string }) => check.kind === 'skill');
      expect(skills).toEqual([
        { kind: 'skill', name: 'demo', status: 'unchecked', detail: expect.stringMatching(/was not found/) },
      ]);
    },
  );

  it('checks the OpenCode plugin an install wrote', async () => {
    const t = await installed('opencode');
    const run = await skillpack(
      ['doctor', '--dir', t.project, '--home', t.home, '--bin-dir', t.bin, '--format', 'json'],
      {
        cwd: t.root,
      },
    );
    const checks = JSON.parse(run.stdout).packs[0].checks;
    expect(checks).toContainEqual(
      expect.objectContaining({
        kind: 'plugin',
        name: '.opencode/plugins/demo-pack.js',
        status: 'unchecked',
      }),
    );
  });

  it('proves each hooked contract: with no CLI it is unchecked (CLI missing); --fast skips it and says so', async () => {
    const t = await installed('opencode');
    // The pack's plugin config names the contract the plugin enforces.
    writeFileSync(
      join(t.project, '.opencode/plugins/demo-pack.json'),
      '{"contracts":["conflux.acceptance"]}\n',
    );
    const args = ['doctor', '--dir', t.project, '--home', t.home, '--scope', 'project', '--bin-dir', t.bin];
    const run = await skillpack([...args, '--format', 'json'], { cwd: t.root });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).packs[0].checks).toContainEqual({
      kind: 'enforcement',
      name: 'conflux.acceptance',
      status: 'unchecked',
      detail: expect.stringMatching(/^CLI missing: .*opencode; install it or pass --bin-dir$/),
    });
    const fast = await skillpack([...args, '--fast', '--format', 'json'], { cwd: t.root });
    expect(JSON.parse(fast.stdout).packs[0].checks).toContainEqual({
      kind: 'enforcement',
      name: 'conflux.acceptance',
      status: 'skipped',
      detail: '--fast: no proving run, so enforcement is not proven',
    });
    const text = await skillpack([...args, '--fast'], { cwd: t.root });
    expect(text.stdout).toMatch(/-- {3}enforcement conflux\.acceptance: skipped/);
  });

  it("finds a pack's own contract in the contracts module it installed, where the project has no module (issue #41)", {
    timeout: 120_000,
  }, async () => {
    const root = tempDir();
    const source = join(root, 'acme-review');
    writeReviewProject(source, { config: { hooks: { 'acme.review': {} } } });
    const built = await skillpack(['build', '--target', 'codex', '--target', 'opencode'], { cwd: source });
    expect(built.code, built.stderr).toBe(0);
    // The consumer: an empty project, no skillpack.config.json, no contract module.
    const project = join(root, 'project');
    const home = join(root, 'home');
    const bin = join(root, 'bin');
    for (const dir of [project, home, bin]) mkdirSync(dir);
    const scope = ['--scope', 'project', '--dir', project, '--home', home];
    for (const runtime of ['codex', 'opencode']) {
      const install = await skillpack(
        ['install', join(source, 'dist/skill-packs'), '--runtime', runtime, ...scope],
        {
          cwd: root,
        },
      );
      expect(install.code, install.stderr).toBe(0);
    }
    const modules = [
      '.codex/hooks/acme-review/skillpack-hook.contracts.mjs',
      '.opencode/plugins/acme-review.contracts.mjs',
    ];
    const lock = readFileSync(join(project, 'skillpack-lock.json'), 'utf8');
    for (const module of modules) expect(lock).toContain(`"${module}"`);
    const enforcement = async () => {
      const run = await skillpack(['doctor', ...scope, '--bin-dir', bin, '--format', 'json'], {
        cwd: project,
      });
      return (JSON.parse(run.stdout).packs as { runtime: string; checks: { kind: string }[] }[]).map(
        (pack) => [pack.runtime, pack.checks.filter((check) => check.kind === 'enforcement')],
      );
    };
    // Found, answers derived: only the missing CLI keeps doctor from the proving run.
    expect(await enforcement()).toEqual(
      ['codex', 'opencode'].map((runtime) => [
        runtime,
        [
          {
            kind: 'enforcement',
            name: 'acme.review',
            status: 'unchecked',
            detail: expect.stringMatching(/^CLI missing: /),
          },
        ],
      ]),
    );
    writeFileSync(join(project, modules[1]!), 'export const skillpackContracts = 1;\n');
    expect((await enforcement())[1]).toEqual([
      'opencode',
      [
        expect.objectContaining({
          status: 'unchecked',
          detail: `acme.review is not built in, no contract module of the project names it, and its contracts module ${modules[1]} was changed since it was installed; reinstall the pack (\`skillpack install\`)`,
        }),
      ],
    ]);
    const removed = await skillpack(['uninstall', 'acme-review', '--runtime', 'codex', ...scope], {
      cwd: root,
    });
    expect(removed.code, removed.stderr).toBe(0);
    expect(existsSync(join(project, modules[0]!))).toBe(false);
  });

  it('prints a readable report', async () => {
    const t = await installed('codex');
    const run = await skillpack(['doctor', '--dir', t.project, '--home', t.home, '--bin-dir', t.bin], {
      cwd: t.root,
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('demo-pack@1.0.0 for codex (project scope)');
    expect(run.stdout).toMatch(/\?\? {3}skill demo: unchecked — .*was not found/);
    expect(run.stdout).toContain('Some checks failed.');
  });

  it('finds nothing to check in a project without installs, and says so', async () => {
    const root = tempDir();
    const run = await skillpack(['doctor', '--dir', root, '--home', root], { cwd: root });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('no installed pack found');
  });

  it.each([
    [
      ['--runtime', 'vscode'],
      /--runtime must be one of claude-code, codex, opencode, gemini-cli, copilot-cli, qwen-code, pi; got "vscode"/,
    ],
    [['--format', 'yaml'], /--format must be one of text, json; got "yaml"/],
    [['--nope'], /unknown option --nope/],
    [['extra'], /unexpected argument "extra"/],
  ])('refuses %j with exit 2 and the usage', async (args, message) => {
    const root = tempDir();
    const run = await skillpack(['doctor', '--dir', root, '--home', root, ...args], { cwd: root });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain('Usage: skillpack doctor');
  });

  it('prints its usage with --help', async () => {
    const run = await skillpack(['doctor', '--help'], { cwd: tempDir() });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('codex app-server');
  });
});
