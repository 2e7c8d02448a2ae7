import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildGolden } from '../_support/golden-build.js';
import { sha256, skillpack, snapshotTree, tempDir } from './_support/packs.js';

/** End to end: a pack written by `skillpack build` (H7's golden fixture), installed, linted and removed. */
describe('a pack built by skillpack build', () => {
  let work: string;
  let pack: string;

  beforeAll(async () => {
    work = tempDir('skillpack-built-');
    pack = join(work, 'pack');
    await buildGolden(pack);
  }, 120_000);

  it.each([
    ['claude-code', 'project'],
    ['claude-code', 'user'],
    ['codex', 'project'],
    ['codex', 'user'],
    ['opencode', 'project'],
    ['opencode', 'user'],
  ] as const)(
    'installs for %s (%s scope), re-installs as a no-op and uninstalls to an empty root',
    async (runtime, scope) => {
      const root = join(work, `${runtime}-${scope}`);
      mkdirSync(root);
      const scopeArgs = scope === 'project' ? ['--dir', root] : ['--home', root];
      // The skill form; the plugin form of a user-scope Codex install is tested in codex-plugin-install.
      const formArgs = runtime === 'codex' ? ['--codex-form', 'skills'] : [];
      const install = await skillpack(
        [
          'install',
          pack,
          '--runtime',
          runtime,
          ...formArgs,
          '--scope',
          scope,
          ...scopeArgs,
          '--format',
          'json',
        ],
        {
          cwd: work,
        },
      );
      expect(install.stderr).toBe('');
      expect(install.code).toBe(0);
      const outcome = JSON.parse(install.stdout);
      expect(outcome.status).toBe('applied');
      const discovery = {
        'claude-code': '.claude/skills/',
        codex: '.agents/skills/',
        opencode: scope === 'project' ? '.opencode/skills/' : '.config/opencode/skills/',
      }[runtime];
      const written = outcome.actions.map((action: { path: string }) => action.path) as string[];
      expect(written.some((path) => path.startsWith(discovery) && path.endsWith('/SKILL.md'))).toBe(true);
      expect(
        written.every((path) => !path.includes('plugin.json') && !path.includes('marketplace.json')),
      ).toBe(true);
      // The pack carries one hook file per runtime layout (its plugin's); the install puts it where the
      // runtime's skill form or hook configuration runs it from.
      const hookFolder = { 'claude-code': '.claude/hooks/', codex: '.codex/hooks/', opencode: undefined }[
        runtime
      ];
      const hooks = written.filter((path) => path.endsWith('/skillpack-hook.cjs'));
      expect(hooks).toEqual(hookFolder ? [`${hookFolder}golden-pack/skillpack-hook.cjs`] : []);
      for (const hook of hooks) {
        const layout = runtime === 'claude-code' ? 'claude-code' : 'codex';
        expect(readFileSync(join(root, hook))).toEqual(
          readFileSync(join(pack, `${layout}/plugin/hooks/skillpack-hook.cjs`)),
        );
      }
      const lockFile =
        scope === 'project'
          ? join(root, 'skillpack-lock.json')
          : join(root, '.skillpack/skillpack-lock.json');
      const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
      for (const file of lock.installs[0].files)
        expect(sha256(readFileSync(join(root, file.path)))).toBe(file.sha256);

      const again = await skillpack(
        ['install', pack, '--runtime', runtime, ...formArgs, '--scope', scope, ...scopeArgs],
        {
          cwd: work,
        },
      );
      expect(again.code).toBe(0);
      expect(again.stdout).toContain('Nothing to do');

      const lint = await skillpack(
        ['lint', root, '--runtime', runtime === 'opencode' ? 'opencode' : runtime, '--format', 'json'],
        {
          cwd: work,
        },
      );
      const report = JSON.parse(lint.stdout);
      expect(report.findings.filter((finding: { severity: string }) => finding.severity === 'error')).toEqual(
        [],
      );

      const removed = await skillpack(
        ['uninstall', lock.installs[0].pack.name, '--scope', scope, ...scopeArgs],
        { cwd: work },
      );
      expect(removed.code).toBe(0);
      expect(snapshotTree(root)).toEqual({});
    },
  );

  it('passes skillpack lint for the runtime each file targets, except `---` in a portable description', async () => {
    const run = await skillpack(['lint', pack, '--format', 'json'], { cwd: work });
    const report = JSON.parse(run.stdout);
    expect(report.files.length).toBeGreaterThan(0);
    const errors = report.findings.filter((finding: { severity: string }) => finding.severity === 'error');
    // Known finding in the golden fixture: ralph-execute's description names the `---RESULT---` block, and
    // skills-ref cuts the front matter at the first `---` (runtimes.md §1.3.2). The loaders are unaffected.
    expect(errors.filter((finding: { rule: string }) => finding.rule !== 'front-matter-triple-dash')).toEqual(
      [],
    );
    for (const finding of errors) expect(finding.runtimes).toEqual(['portable']);
  });
});
