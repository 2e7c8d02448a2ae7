import * as fs from 'node:fs';
import { mkdirSync, renameSync, symlinkSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { ApplyStep } from '../../src/install/apply-plan.js';
import { installPack } from '../../src/runtimes/runtime-install.js';
import { type PackFiles, snapshotTree, tempDir, writePack } from './_support/packs.js';

// `lstatSync` counted: the work an apply does before each rename, not its time.
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  return { ...actual, lstatSync: vi.fn(actual.lstatSync) };
});

const SKILLS = 20;

/** A Claude Code pack of `SKILLS` skills, three files each, two of them one folder deeper. */
function packOfSkills(dir: string): string {
  const files: Record<string, PackFiles[string]> = {};
  for (let i = 0; i < SKILLS; i++) {
    const base = `claude-code/.claude/skills/skill-${i}`;
    files[`${base}/SKILL.md`] = `---\nname: skill-${i}\ndescription: Skill ${i}.\n---\nBody.\n`;
    files[`${base}/references/notes.md`] = `# Notes ${i}\n`;
    files[`${base}/scripts/run.sh`] = { content: `#!/bin/sh\necho ${i}\n`, executable: true };
  }
  return writePack(dir, { name: 'many-skills', version: '1.0.0' }, files);
}

function install(packDir: string, root: string, onStep: (step: ApplyStep) => void) {
  return installPack({
    packDir,
    runtime: 'claude-code',
    scope: 'project',
    projectDir: root,
    home: root,
    force: false,
    dryRun: false,
    onStep,
  });
}

describe('the commit of an apply', () => {
  it('checks each folder it made once, not again before every file renamed into it', async () => {
    const work = tempDir('skillpack-made-');
    const root = join(work, 'project');
    mkdirSync(root);
    const pack = packOfSkills(join(work, 'pack'));
    const lstat = vi.mocked(fs.lstatSync);
    let commits = 0;
    let lstatsBeforeCommit = 0;
    const result = await install(pack, root, (step) => {
      if (step.phase === 'commit' && commits++ === 0) lstatsBeforeCommit = lstat.mock.calls.length;
    });
    expect(result.success, result.success ? '' : result.error.message).toBe(true);
    const inRoot = lstat.mock.calls
      .slice(lstatsBeforeCommit)
      .filter(([path]) => String(path).startsWith(`${root}${sep}`));
    // Each target once; each folder once, when `ensureParent` finds it missing and makes it (`.claude`,
    // `.claude/skills`, three per skill, and the install record's `.skillpack/manifests/claude-code`). Walking
    // every parent again before each rename was three to five more per file.
    const folders = 2 + 3 * SKILLS + 3;
    expect(commits).toBe(3 * SKILLS + 1);
    expect(inRoot.length).toBeLessThanOrEqual(commits + folders);
  });

  it('still walks a folder that was there before it, before every rename', async () => {
    const work = tempDir('skillpack-made-');
    const root = join(work, 'project');
    mkdirSync(join(root, '.claude/skills'), { recursive: true });
    const outside = join(work, 'outside');
    mkdirSync(join(outside, 'skills'), { recursive: true });
    const pack = packOfSkills(join(work, 'pack'));
    let commits = 0;
    const result = await install(pack, root, (step) => {
      // After the first rename, the person's `.claude` becomes a link out of the project.
      if (step.phase !== 'commit' || commits++ !== 1) return;
      renameSync(join(root, '.claude'), join(work, 'moved-claude'));
      symlinkSync(outside, join(root, '.claude'));
    });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.code).toBe('install_interrupted');
    expect(snapshotTree(outside)).toEqual({ skills: { kind: 'dir' } });
  });
});
