import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isNpmSpec } from '../../src/install/npm-spec.js';
import { writeTree } from '../_support/temp.js';
import { skillpack, tempDir } from './_support/packs.js';

const CONFIG = {
  name: 'review-skills',
  version: '1.2.0',
  description: 'Review skills.',
  author: { name: 'Acme' },
  license: 'MIT',
  skills: ['skills/review'],
  targets: ['portable'],
  out: 'dist/skill-packs',
  portable: { packageName: '@acme/review-skills' },
};

/** A hooked contract (built in), so the runtime forms carry a Stop hook and the OpenCode plugin. */
const HOOKED_SKILL =
  '---\nname: review\ndescription: Review a change.\ncontracts: [conflux.acceptance]\n---\nReview it.\n';

/** A pack whose portable folder is copied where npm would put the published package. */
async function published(config: Record<string, unknown> = CONFIG, skill = 'Review it.') {
  const work = tempDir('skillpack-portable-');
  writeTree(work, {
    'skillpack.config.json': JSON.stringify(config),
    'skills/review/skill.md':
      skill === 'Review it.' ? '---\nname: review\ndescription: Review a change.\n---\nReview it.\n' : skill,
  });
  const built = await skillpack(['build'], { cwd: work });
  expect(built.code, built.stderr).toBe(0);
  const pkg = join(work, 'node_modules/@acme/review-skills');
  cpSync(join(work, 'dist/skill-packs/portable'), pkg, { recursive: true });
  return { work, pkg };
}

describe('install from a published portable package (docs/publishing.md §1)', () => {
  it.each([
    ['claude-code', 'project', '.claude/skills/review/SKILL.md'],
    ['codex', 'project', '.agents/skills/review/SKILL.md'],
    ['opencode', 'project', '.opencode/skills/review/SKILL.md'],
    ['opencode', 'user', '.config/opencode/skills/review/SKILL.md'],
  ])('installs its skills for %s (%s scope) and uninstalls them', async (runtime, scope, installed) => {
    const { work, pkg } = await published();
    const root = join(work, scope === 'project' ? '.' : 'home');
    mkdirSync(root, { recursive: true });
    const where = scope === 'project' ? ['--dir', root] : ['--home', root];
    const run = await skillpack(['install', pkg, '--runtime', runtime, '--scope', scope, ...where], {
      cwd: work,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(readFileSync(join(root, installed), 'utf8')).toBe(
      readFileSync(join(pkg, 'skills/review/SKILL.md'), 'utf8'),
    );
    const removed = await skillpack(['uninstall', 'review-skills', '--scope', scope, ...where], {
      cwd: work,
    });
    expect(removed.code).toBe(0);
    expect(existsSync(join(root, installed))).toBe(false);
  });

  it('records the npm package in the lock: list shows it, uninstall takes it; a lock without it still works', async () => {
    const { work, pkg } = await published();
    const where = ['--dir', work];
    const install = (runtime: string) =>
      skillpack(['install', pkg, '--runtime', runtime, '--scope', 'project', ...where], { cwd: work });
    expect((await install('claude-code')).code).toBe(0);
    expect((await install('codex')).code).toBe(0);
    const lockFile = join(work, 'skillpack-lock.json');
    const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
    expect(lock.installs.map((entry: { pack: unknown }) => entry.pack)).toEqual([
      { name: 'review-skills', version: '1.2.0', package: '@acme/review-skills' },
      { name: 'review-skills', version: '1.2.0', package: '@acme/review-skills' },
    ]);
    const listed = await skillpack(['list', '--scope', 'project', ...where], { cwd: work });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/claude-code +review-skills@1\.2\.0 \(npm @acme\/review-skills\)/);
    const json = await skillpack(['list', '--scope', 'project', '--format', 'json', ...where], { cwd: work });
    expect(JSON.parse(json.stdout).scopes[0].packs[0].pack.package).toBe('@acme/review-skills');
    // The npm name the user installed removes the install, as the pack name does.
    const byNpm = await skillpack(
      ['uninstall', '@acme/review-skills', '--runtime', 'claude-code', '--scope', 'project', ...where],
      { cwd: work },
    );
    expect(byNpm.stderr).toBe('');
    expect(byNpm.code).toBe(0);
    expect(existsSync(join(work, '.claude/skills/review/SKILL.md'))).toBe(false);
    // A lock written before the field: the pack name still works, the npm name is not known.
    const old = JSON.parse(readFileSync(lockFile, 'utf8'));
    for (const entry of old.installs) delete entry.pack.package;
    writeFileSync(lockFile, JSON.stringify(old));
    const unknown = await skillpack(['uninstall', '@acme/review-skills', '--scope', 'project', ...where], {
      cwd: work,
    });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/@acme\/review-skills is not installed/);
    const byName = await skillpack(['uninstall', 'review-skills', '--scope', 'project', ...where], {
      cwd: work,
    });
    expect(byName.code).toBe(0);
    expect(existsSync(join(work, '.agents/skills/review/SKILL.md'))).toBe(false);
  });

  it('refuses a published package whose skill was changed', async () => {
    const { work, pkg } = await published();
    cpSync(join(pkg, 'package.json'), join(pkg, 'skills/review/SKILL.md'));
    const run = await skillpack(
      ['install', pkg, '--runtime', 'claude-code', '--scope', 'project', '--dir', work],
      {
        cwd: work,
      },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/skills\/review\/SKILL\.md/);
  });

  it('reads <name>@<version> as an npm spec, and nothing else', () => {
    for (const spec of [
      '@acme/review-skills@1.2.0',
      'review-skills@1.2.0',
      'review-skills@latest',
      'a@^1.0.0',
    ])
      expect(isNpmSpec(spec), spec).toBe(true);
    for (const path of [
      'dist/skill-packs',
      './review-skills@1.2.0',
      '@acme/review-skills',
      'review-skills',
      '',
    ])
      expect(isNpmSpec(path), path).toBe(false);
  });

  describe('a package of a pack that builds the runtimes and hooks a contract', () => {
    const hooked = {
      ...CONFIG,
      targets: ['claude-code', 'codex', 'opencode', 'portable'],
      hooks: { 'conflux.acceptance': { maxBlocks: 2 } },
    };

    it.each([
      ['claude-code', 'project', '.claude/hooks/review-skills/skillpack-hook.cjs', '.claude/settings.json'],
      ['codex', 'project', '.codex/hooks/review-skills/skillpack-hook.cjs', '.codex/hooks.json'],
      ['opencode', 'project', '.opencode/plugins/review-skills.js', undefined],
    ])(
      'installs the %s form with its enforcement (%s scope), as from the pack',
      async (runtime, scope, program, config) => {
        const { work, pkg } = await published(hooked, HOOKED_SKILL);
        const form = runtime === 'codex' ? ['--codex-form', 'skills'] : [];
        const run = await skillpack(
          ['install', pkg, '--runtime', runtime, '--scope', scope, '--dir', work, ...form],
          { cwd: work },
        );
        expect(run.code, run.stderr).toBe(0);
        // The runtime's own form (its front matter), not the spec-only skill.
        const skill = {
          'claude-code': '.claude/skills/review/SKILL.md',
          codex: '.agents/skills/review/SKILL.md',
          opencode: '.opencode/skills/review/SKILL.md',
        }[runtime]!;
        const source = {
          'claude-code': 'claude-code/.claude/skills/review/SKILL.md',
          codex: 'codex/.agents/skills/review/SKILL.md',
          opencode: 'opencode/.opencode/skills/review/SKILL.md',
        }[runtime]!;
        expect(readFileSync(join(work, skill), 'utf8')).toBe(readFileSync(join(pkg, source), 'utf8'));
        expect(existsSync(join(work, program)), program).toBe(true);
        if (config) expect(readFileSync(join(work, config), 'utf8')).toMatch(/skillpack-hook\.cjs/);
        const removed = await skillpack(['uninstall', 'review-skills', '--scope', scope, '--dir', work], {
          cwd: work,
        });
        expect(removed.code, removed.stderr).toBe(0);
        expect(existsSync(join(work, program))).toBe(false);
      },
    );

    it('installs the plugin forms from it too: Codex (user scope) and Claude Code --form plugin', async () => {
      const { work, pkg } = await published(hooked, HOOKED_SKILL);
      const home = join(work, 'home');
      mkdirSync(join(home, '.codex'), { recursive: true });
      const codex = await skillpack(
        ['install', pkg, '--runtime', 'codex', '--scope', 'user', '--home', home],
        { cwd: work, env: { CODEX_HOME: join(home, '.codex'), SKILLPACK_HOME: home } },
      );
      expect(codex.code, codex.stderr).toBe(0);
      const cache = join(home, '.codex/plugins/cache/review-skills/review-skills/1.2.0/');
      expect(readFileSync(join(cache, 'skills/review/SKILL.md'), 'utf8')).toBe(
        readFileSync(join(pkg, 'codex/plugin/skills/review/SKILL.md'), 'utf8'),
      );
      expect(readFileSync(join(home, '.codex/hooks.json'), 'utf8')).toMatch(/skillpack-hook\.cjs/);
      const claude = await skillpack(
        ['install', pkg, '--runtime', 'claude-code', '--form', 'plugin', '--scope', 'project', '--dir', work],
        { cwd: work },
      );
      expect(claude.code, claude.stderr).toBe(0);
      expect(
        readFileSync(join(work, '.claude/skillpack-plugins/review-skills/plugin/hooks/hooks.json'), 'utf8'),
      ).toBe(readFileSync(join(pkg, 'claude-code/plugin/hooks/hooks.json'), 'utf8'));
    });

    it('installs the spec-only skills for a runtime the pack does not build', async () => {
      const { work, pkg } = await published(
        { ...hooked, targets: ['claude-code', 'portable'] },
        HOOKED_SKILL,
      );
      const run = await skillpack(
        ['install', pkg, '--runtime', 'opencode', '--scope', 'project', '--dir', work],
        { cwd: work },
      );
      expect(run.code, run.stderr).toBe(0);
      expect(readFileSync(join(work, '.opencode/skills/review/SKILL.md'), 'utf8')).toBe(
        readFileSync(join(pkg, 'skills/review/SKILL.md'), 'utf8'),
      );
    });

    it('refuses a package whose carried hook program was changed', async () => {
      const { work, pkg } = await published(hooked, HOOKED_SKILL);
      writeFileSync(join(pkg, 'claude-code/plugin/hooks/skillpack-hook.cjs'), 'process.exit(0);\n');
      const run = await skillpack(
        ['install', pkg, '--runtime', 'claude-code', '--scope', 'project', '--dir', work],
        { cwd: work },
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/claude-code\/plugin\/hooks\/skillpack-hook\.cjs \(sha256 differs\)/);
      expect(existsSync(join(work, '.claude'))).toBe(false);
    });
  });
});
