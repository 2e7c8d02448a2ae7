import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPack } from '../../src/runtimes/runtime-pack.js';
import { configText, skillText, tempDir, writeTree } from '../_support/temp.js';

function project() {
  return writeTree(tempDir(), {
    'skillpack.config.json': configText({ out: 'out', targets: ['portable'] }),
    'skills/alpha/skill.md': skillText('name: alpha\ndescription: Alpha.'),
    'skills/beta/skill.md': skillText('name: beta\ndescription: Beta.'),
  });
}

describe('buildPack writing the pack directory', () => {
  it('removes the files of a skill that no longer exists and prunes its folders', async () => {
    const root = project();
    await buildPack({ cwd: root });
    writeFileSync(
      join(root, 'skillpack.config.json'),
      configText({ out: 'out', targets: ['portable'], skills: ['skills/alpha'] }),
    );
    const result = await buildPack({ cwd: root });
    expect(result.removed).toEqual(['portable/skills/beta/SKILL.md']);
    expect(existsSync(join(root, 'out/portable/skills/beta'))).toBe(false);
    expect(existsSync(join(root, 'out/portable/skills/alpha/SKILL.md'))).toBe(true);
  });

  it('keeps an obsolete file a person changed, and reports it', async () => {
    const root = project();
    await buildPack({ cwd: root });
    writeFileSync(join(root, 'out/portable/skills/beta/SKILL.md'), 'my notes');
    writeFileSync(
      join(root, 'skillpack.config.json'),
      configText({ out: 'out', targets: ['portable'], skills: ['skills/alpha'] }),
    );
    const result = await buildPack({ cwd: root });
    expect(result.kept).toEqual(['portable/skills/beta/SKILL.md']);
    expect(readFileSync(join(root, 'out/portable/skills/beta/SKILL.md'), 'utf8')).toBe('my notes');
  });

  it('never touches a file it did not write', async () => {
    const root = project();
    mkdirSync(join(root, 'out'), { recursive: true });
    writeFileSync(join(root, 'out/README.md'), 'mine');
    await buildPack({ cwd: root });
    await buildPack({ cwd: root });
    expect(readFileSync(join(root, 'out/README.md'), 'utf8')).toBe('mine');
  });

  it('refuses to write through a symbolic link that leaves the pack directory, creating nothing there', async () => {
    const root = project();
    const elsewhere = tempDir();
    mkdirSync(join(root, 'out'), { recursive: true });
    symlinkSync(elsewhere, join(root, 'out/portable'), 'dir');
    await expect(buildPack({ cwd: root })).rejects.toMatchObject({ code: 'out_escapes' });
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('keeps, and never deletes through, an obsolete file behind a linked folder', async () => {
    const root = project();
    await buildPack({ cwd: root });
    const elsewhere = tempDir();
    const built = readFileSync(join(root, 'out/portable/skills/beta/SKILL.md'));
    writeFileSync(join(elsewhere, 'SKILL.md'), built);
    rmSync(join(root, 'out/portable/skills/beta'), { recursive: true });
    symlinkSync(elsewhere, join(root, 'out/portable/skills/beta'), 'dir');
    writeFileSync(
      join(root, 'skillpack.config.json'),
      configText({ out: 'out', targets: ['portable'], skills: ['skills/alpha'] }),
    );
    const result = await buildPack({ cwd: root });
    expect(result.kept).toEqual(['portable/skills/beta/SKILL.md']);
    expect(readFileSync(join(elsewhere, 'SKILL.md'))).toEqual(built);
  });

  it('refuses a damaged manifest instead of guessing what it owns', async () => {
    const root = project();
    mkdirSync(join(root, 'out'), { recursive: true });
    writeFileSync(join(root, 'out/skillpack.manifest.json'), '{ not json');
    await expect(buildPack({ cwd: root })).rejects.toMatchObject({ code: 'manifest_invalid' });
  });
});

describe('buildPack and links in the pack directory', () => {
  it('replaces a symbolic link at a file path instead of writing through it', async () => {
    const root = project();
    const outside = join(tempDir(), 'victim.md');
    writeFileSync(outside, 'untouched');
    mkdirSync(join(root, 'out/portable/skills/alpha'), { recursive: true });
    symlinkSync(outside, join(root, 'out/portable/skills/alpha/SKILL.md'), 'file');
    await buildPack({ cwd: root });
    expect(readFileSync(outside, 'utf8')).toBe('untouched');
    expect(lstatSync(join(root, 'out/portable/skills/alpha/SKILL.md')).isFile()).toBe(true);
  });
});
