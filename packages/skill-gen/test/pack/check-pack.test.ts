import { appendFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPack, checkPack } from '../../src/runtimes/runtime-pack.js';
import { configText, skillText, tempDir, writeTree } from '../_support/temp.js';

/** A small pack (no contracts, so no type extraction) built once into `<root>/out`. */
async function builtPack() {
  const root = writeTree(tempDir(), {
    'skillpack.config.json': configText({ out: 'out' }),
    'skills/alpha/skill.md': skillText(
      'name: alpha\ndescription: Alpha.',
      '# Alpha\n\nCall {{invoke "beta"}}.\n',
    ),
    'skills/alpha/references/guide.md': '# Guide\n',
    'skills/beta/skill.md': skillText('name: beta\ndescription: Beta.'),
  });
  await buildPack({ cwd: root });
  return root;
}

const SKILL = 'claude-code/.claude/skills/alpha/SKILL.md';

describe('checkPack', () => {
  it('is clean right after a build', async () => {
    const root = await builtPack();
    expect(await checkPack({ cwd: root })).toMatchObject({ clean: true, drift: [], changedSources: [] });
  });

  it('reports a file edited after the build as modified', async () => {
    const root = await builtPack();
    appendFileSync(join(root, 'out', SKILL), 'edited\n');
    const report = await checkPack({ cwd: root });
    expect(report.clean).toBe(false);
    expect(report.drift).toEqual([
      { kind: 'modified', path: SKILL, detail: 'changed after the build', fix: 'build' },
    ]);
  });

  it('reports a deleted file as missing', async () => {
    const root = await builtPack();
    rmSync(join(root, 'out', SKILL));
    expect((await checkPack({ cwd: root })).drift).toEqual([
      { kind: 'missing', path: SKILL, detail: 'listed in the manifest, not on disk', fix: 'build' },
    ]);
  });

  it('reports an extra file as orphaned', async () => {
    const root = await builtPack();
    writeFileSync(join(root, 'out', 'portable', 'notes.txt'), 'mine');
    expect((await checkPack({ cwd: root })).drift).toEqual([
      {
        kind: 'orphaned',
        path: 'portable/notes.txt',
        detail: 'on disk, not produced by the build',
        fix: 'delete',
      },
    ]);
  });

  it('reports outputs of a changed source as stale and names the source', async () => {
    const root = await builtPack();
    writeFileSync(
      join(root, 'skills/alpha/skill.md'),
      skillText('name: alpha\ndescription: Alpha, changed.'),
    );
    const report = await checkPack({ cwd: root });
    expect(report.changedSources).toEqual(['skills/alpha/skill.md']);
    const stale = report.drift.filter((entry) => entry.kind === 'stale').map((entry) => entry.path);
    expect(stale).toEqual([
      'claude-code/.claude/skills/alpha/SKILL.md',
      'claude-code/plugin/README.md',
      'claude-code/plugin/skills/alpha/SKILL.md',
      'codex/.agents/skills/alpha/SKILL.md',
      'codex/plugin/skills/alpha/SKILL.md',
      'copilot-cli/.github/skills/alpha/SKILL.md',
      'copilot-cli/plugin/skills/alpha/SKILL.md',
      'gemini-cli/.gemini/skills/alpha/SKILL.md',
      'gemini-cli/extension/skills/alpha/SKILL.md',
      'opencode/.opencode/skills/alpha/SKILL.md',
      'pi/.pi/skills/alpha/SKILL.md',
      // The portable package carries the runtime forms too.
      'portable/claude-code/.claude/skills/alpha/SKILL.md',
      'portable/claude-code/plugin/README.md',
      'portable/claude-code/plugin/skills/alpha/SKILL.md',
      'portable/codex/.agents/skills/alpha/SKILL.md',
      'portable/codex/plugin/skills/alpha/SKILL.md',
      'portable/copilot-cli/.github/skills/alpha/SKILL.md',
      'portable/copilot-cli/plugin/skills/alpha/SKILL.md',
      'portable/gemini-cli/.gemini/skills/alpha/SKILL.md',
      'portable/gemini-cli/extension/skills/alpha/SKILL.md',
      'portable/opencode/.opencode/skills/alpha/SKILL.md',
      'portable/pi/.pi/skills/alpha/SKILL.md',
      'portable/qwen-code/.qwen/skills/alpha/SKILL.md',
      'portable/skillpack.manifest.json',
      'portable/skills/alpha/SKILL.md',
      'qwen-code/.qwen/skills/alpha/SKILL.md',
    ]);
    expect(report.drift.every((entry) => entry.kind === 'stale')).toBe(true);
    expect(report.drift[0]!.detail).toContain('skills/alpha/skill.md');
  });

  it('reports outputs of a removed copied file as stale, and new ones as stale too', async () => {
    const root = await builtPack();
    rmSync(join(root, 'skills/alpha/references/guide.md'));
    writeFileSync(join(root, 'skills/alpha/references/new.md'), 'new');
    const report = await checkPack({ cwd: root });
    const paths = report.drift
      // The portable package's own files, not the runtime forms it carries.
      .filter((entry) => /^portable\/(skills\/|skillpack\.manifest\.json$)/.test(entry.path))
      .map((entry) => [entry.kind, entry.path]);
    expect(paths).toEqual([
      ['stale', 'portable/skillpack.manifest.json'],
      ['stale', 'portable/skills/alpha/references/guide.md'],
      ['stale', 'portable/skills/alpha/references/new.md'],
    ]);
  });

  it('reports a pack that was never built', async () => {
    const root = writeTree(tempDir(), {
      'skillpack.config.json': configText({ out: 'out' }),
      'skills/alpha/skill.md': skillText('name: alpha\ndescription: Alpha.'),
    });
    const report = await checkPack({ cwd: root });
    expect(report.drift).toContainEqual({
      kind: 'missing',
      path: 'skillpack.manifest.json',
      detail: 'no manifest: the pack was never built here',
      fix: 'build',
    });
    expect(report.drift.every((entry) => entry.kind === 'missing')).toBe(true);
  });

  it('reports a damaged manifest as modified', async () => {
    const root = await builtPack();
    writeFileSync(join(root, 'out', 'skillpack.manifest.json'), '{"schemaVersion": 2}');
    const report = await checkPack({ cwd: root });
    expect(report.drift.map((entry) => [entry.kind, entry.path])).toEqual([
      ['modified', 'skillpack.manifest.json'],
    ]);
  });

  it('compares only the targets asked for', async () => {
    const root = await builtPack();
    const report = await checkPack({ cwd: root, targets: ['codex'] });
    expect(new Set(report.drift.map((entry) => entry.kind))).toEqual(new Set(['stale']));
    expect(report.drift.some((entry) => entry.path.startsWith('codex/'))).toBe(false);
  });
});
