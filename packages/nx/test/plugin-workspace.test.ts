import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNxWorkspace, LOCKED, type NxWorkspace } from './_support/nx-workspace.ts';

const skill = (name: string, body: string) =>
  `---\nname: ${name}\ndescription: The ${name} skill, a fixture of the @skillpack/nx tests.\n---\n\n${body}\n`;

const config = (name: string, extra: Record<string, unknown>) =>
  `${JSON.stringify({ name, version: '1.0.0', description: `Pack ${name}`, author: { name: 't' }, license: 'MIT', targets: ['codex'], out: 'dist', ...extra }, null, 2)}\n`;

const contract = (id: string) => `import { defineContract } from '@skillpack/core';
import { z } from 'zod';
import { reasons } from '../../../lib/common.ts';

export const verdict = defineContract({
  id: '${id}',
  version: '1.0.0',
  title: 'Verdict',
  description: 'Whether it passed.',
  delivery: 'text',
  schema: z.object({ ok: z.boolean(), reasons }),
  examples: [{ name: 'ok', value: { ok: true, reasons: ['fine'] } }],
});
`;

const BUILD = 'skillpack-build';
const PACKS = ['pack-a', 'pack-b', 'pack-c'];

/**
 * pack-a: the shared skill, its own skill speaking acme.a (contracts/a.ts, which imports lib/common.ts);
 * pack-b: its own skill speaking acme.b (contracts/b.ts, lib/common.ts too); pack-c: the shared skill alone.
 */
function seed(ws: NxWorkspace): void {
  ws.write('lib/common.ts', "import { z } from 'zod';\n\nexport const reasons = z.array(z.string());\n");
  ws.write('lib/unused.ts', 'export const nothing = 1;\n');
  ws.write('shared-skills/shared/skill.md', skill('shared', 'Share things.'));
  ws.write(
    'packs/a/skillpack.config.json',
    config('pack-a', {
      skills: ['../../shared-skills/shared', 'skills/a-only'],
      contracts: ['./contracts/a.ts'],
    }),
  );
  ws.write('packs/a/contracts/a.ts', contract('acme.a'));
  ws.write(
    'packs/a/skills/a-only/skill.md',
    `---\nname: a-only\ndescription: The a-only skill, a fixture of the @skillpack/nx tests.\ncontracts: [acme.a]\n---\n\nAnswer.\n`,
  );
  ws.write(
    'packs/b/skillpack.config.json',
    config('pack-b', { skills: ['skills/b-only'], contracts: ['./contracts/b.ts'] }),
  );
  ws.write('packs/b/contracts/b.ts', contract('acme.b'));
  ws.write(
    'packs/b/skills/b-only/skill.md',
    `---\nname: b-only\ndescription: The b-only skill, a fixture of the @skillpack/nx tests.\ncontracts: [acme.b]\n---\n\nAnswer.\n`,
  );
  ws.write('packs/c/skillpack.config.json', config('pack-c', { skills: ['../../shared-skills/shared'] }));
}

// Each test runs the real nx CLI over real builds, some twice (a build, then its cached rerun): on a loaded
// two-core machine that takes longer than the shared per-test bound, without being hung.
describe('@skillpack/nx in a throwaway Nx workspace (the real nx CLI)', { timeout: 240_000 }, () => {
  let ws: NxWorkspace;
  beforeAll(() => {
    ws = createNxWorkspace();
    seed(ws);
    ws.git('init', '-q', '-b', 'main');
    ws.git('add', '-A');
    ws.git('commit', '-qm', 'seed');
  });
  afterAll(() => rmSync(ws.root, { recursive: true, force: true }));

  /** Edit, build, ask `affected`, commit: the packs `affected` picks and the packs rebuilt. */
  function change(edit: () => void): { affected: string[]; rebuilt: string[] } {
    edit();
    const rebuilt = ws.tasks(ws.nx('run-many', '-t', BUILD, '--output-style=static'), BUILD);
    // After the build, so what `affected` picks runs from the cache; it lists them either way.
    const affected = ws.tasks(ws.nx('affected', '-t', BUILD, '--base=HEAD', '--output-style=static'), BUILD);
    expect(rebuilt.ran.length + rebuilt.cached.length).toBe(3);
    ws.git('add', '-A');
    ws.git('commit', '-qm', 'change');
    return { affected: [...affected.ran, ...affected.cached].sort(), rebuilt: rebuilt.ran };
  }

  it('infers the three targets per pack, with the files the build reads as inputs', () => {
    expect(JSON.parse(ws.nx('show', 'projects', '--json')).sort()).toEqual(PACKS);
    const project = JSON.parse(ws.nx('show', 'project', 'pack-a', '--json'));
    expect(Object.keys(project.targets).sort()).toEqual([
      'skillpack-build',
      'skillpack-check',
      'skillpack-lint',
    ]);
    const build = project.targets[BUILD];
    expect(build.inputs).toEqual([
      '{workspaceRoot}/lib/common.ts',
      // esbuild consults the package.json above a module it compiles.
      '{workspaceRoot}/package.json',
      '{workspaceRoot}/packs/a/contracts/a.ts',
      '{workspaceRoot}/packs/a/skillpack.config.json',
      '{workspaceRoot}/packs/a/skills/a-only/skill.md',
      '{workspaceRoot}/shared-skills/shared/skill.md',
      { externalDependencies: ['@skillpack/adapters', '@skillpack/core', '@skillpack/skill-gen', 'zod'] },
    ]);
    expect(build.outputs).toEqual(['{workspaceRoot}/packs/a/dist']);
    // The same files `skillpack build --format json` says it read, less those inside installed packages.
    const report = JSON.parse(
      execFileSync(
        process.execPath,
        [
          join(ws.root, 'node_modules/.bin/skillpack'),
          'build',
          '--config',
          'packs/a/skillpack.config.json',
          '--format',
          'json',
          '--dry-run',
        ],
        { cwd: ws.root, encoding: 'utf8' },
      ),
    );
    const own = report.reads.filter(
      (path: string) => !path.startsWith('../') && !path.startsWith('node_modules/'),
    );
    expect(build.inputs.filter((input: unknown) => typeof input === 'string')).toEqual(
      own.map((path: string) => `{workspaceRoot}/${path}`),
    );
    expect(build.options.command).toBe('skillpack build --config packs/a/skillpack.config.json');
  });

  it('builds every pack, then a second run is all cache hits with the outputs restored', () => {
    const first = ws.tasks(ws.nx('run-many', '-t', BUILD, '--output-style=static'), BUILD);
    expect(first).toEqual({ ran: PACKS, cached: [] });
    rmSync(join(ws.root, 'packs/b/dist'), { recursive: true });
    const second = ws.tasks(ws.nx('run-many', '-t', BUILD, '--output-style=static'), BUILD);
    expect(second).toEqual({ ran: [], cached: PACKS });
    // The restored pack is the one skillpack wrote: check and lint pass on it.
    const checked = ws.nx('run-many', '-t', 'skillpack-check', 'skillpack-lint', '--output-style=static');
    expect(checked).toMatch(/Successfully ran targets skillpack-check, skillpack-lint for 3 projects/);
  });

  it('editing one contract module rebuilds exactly its pack, and affected agrees', () => {
    const result = change(() => ws.write('packs/a/contracts/a.ts', `${contract('acme.a')}// edited\n`));
    expect(result).toEqual({ affected: ['pack-a'], rebuilt: ['pack-a'] });
  });

  it('editing a file two contract modules import rebuilds both of their packs, not the third', () => {
    const result = change(() =>
      ws.write(
        'lib/common.ts',
        "import { z } from 'zod';\n\nexport const reasons = z.array(z.string()).min(1);\n",
      ),
    );
    expect(result).toEqual({ affected: ['pack-a', 'pack-b'], rebuilt: ['pack-a', 'pack-b'] });
  });

  it('editing a skill two packs share rebuilds those two; a file no build reads rebuilds none', () => {
    expect(
      change(() => ws.write('shared-skills/shared/skill.md', skill('shared', 'Share more things.'))),
    ).toEqual({
      affected: ['pack-a', 'pack-c'],
      rebuilt: ['pack-a', 'pack-c'],
    });
    expect(change(() => ws.write('lib/unused.ts', 'export const nothing = 2;\n'))).toEqual({
      affected: [],
      rebuilt: [],
    });
  });

  it('a new @skillpack/skill-gen (its templates and partials) rebuilds every pack', () => {
    const result = change(() => ws.lock({ ...LOCKED, '@skillpack/skill-gen': '0.1.1' }));
    expect(result).toEqual({ affected: PACKS, rebuilt: PACKS });
  });

  it("a pack skillpack rejects stays a project whose uncached build fails with skillpack's message", () => {
    ws.write('packs/d/skillpack.config.json', config('pack-d', { skills: ['skills/wrong'] }));
    ws.write('packs/d/skills/wrong/skill.md', skill('right', 'Mismatched name.'));
    expect(JSON.parse(ws.nx('show', 'projects', '--json')).sort()).toEqual(['d', ...PACKS]);
    const target = JSON.parse(ws.nx('show', 'project', 'd', '--json')).targets[BUILD];
    expect(target.cache).toBe(false);
    expect(() => ws.nx('run', `d:${BUILD}`, '--output-style=static')).toThrow(
      /differs from its folder "wrong"/,
    );
    rmSync(join(ws.root, 'packs/d'), { recursive: true });
  });

  it('removing a pack removes its project and targets', () => {
    rmSync(join(ws.root, 'packs/c'), { recursive: true });
    expect(JSON.parse(ws.nx('show', 'projects', '--json')).sort()).toEqual(['pack-a', 'pack-b']);
  });
});
