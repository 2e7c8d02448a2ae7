import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSkillSources } from '../../src/source/read-skill-sources.js';
import { skillText, tempDir, writeTree } from '../_support/temp.js';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe]);

function read(root: string, folders: string[] = ['skills']) {
  return readSkillSources({ baseDir: root, configFile: 'skillpack.config.json', folders });
}

async function failure(root: string, folders?: string[]) {
  const error = await read(root, folders).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!error) throw new Error('expected a failure');
  return error as { code: string; message: string; details: Record<string, unknown> };
}

describe('readSkillSources', () => {
  it('reads skills sorted by name with their copied folders, bytes and executable bits', async () => {
    const root = writeTree(tempDir(), {
      'skills/b-skill/skill.md': skillText('name: b-skill\ndescription: B.'),
      'skills/b-skill/references/guide.md': '# Guide\n',
      'skills/b-skill/scripts/run.sh*': '#!/bin/sh\necho hi\n',
      'skills/b-skill/assets/logo.png': PNG,
      'skills/b-skill/notes.txt': 'not copied',
      'skills/a-skill/skill.md': skillText('name: a-skill\ndescription: A.'),
      'skills/README.md': 'ignored',
      'skills/.hidden/skill.md': 'ignored',
    });
    const { skills, records } = await read(root);
    expect(skills.map((skill) => skill.name)).toEqual(['a-skill', 'b-skill']);
    const assets = skills[1]!.assets;
    expect(assets.map((asset) => [asset.path, asset.executable])).toEqual([
      ['references/guide.md', false],
      ['scripts/run.sh', true],
      ['assets/logo.png', false],
    ]);
    expect(Buffer.from(assets[2]!.content).equals(Buffer.from(PNG))).toBe(true);
    expect(records.map((record) => record.path)).toEqual([
      'skills/a-skill/skill.md',
      'skills/b-skill/assets/logo.png',
      'skills/b-skill/references/guide.md',
      'skills/b-skill/scripts/run.sh',
      'skills/b-skill/skill.md',
    ]);
    expect(records.every((record) => /^[0-9a-f]{64}$/.test(record.sha256))).toBe(true);
  });

  it('accepts a skill folder listed directly', async () => {
    const root = writeTree(tempDir(), { 'one/skill.md': skillText('name: one\ndescription: One.') });
    expect((await read(root, ['one'])).skills.map((skill) => skill.name)).toEqual(['one']);
  });

  it('refuses a name that differs from its folder, at the line of the name', async () => {
    const root = writeTree(tempDir(), {
      'skills/review/skill.md': skillText('description: D.\nname: reviewer'),
    });
    const error = await failure(root);
    expect(error.code).toBe('skill_name_mismatch');
    expect(error.details).toMatchObject({ file: 'skills/review/skill.md', line: 3 });
    expect(String(error.details.fix)).toContain('Rename the folder');
  });

  it('refuses an upper-case SKILL.md source and says to rename it', async () => {
    const root = writeTree(tempDir(), { 'skills/demo/SKILL.md': skillText('name: demo\ndescription: D.') });
    const error = await failure(root);
    expect(error.code).toBe('skill_source_missing');
    expect(String(error.details.fix)).toContain('Rename SKILL.md to skill.md');
  });

  it('refuses a folder without a source', async () => {
    const root = writeTree(tempDir(), { 'skills/empty/notes.md': 'x' });
    expect((await failure(root)).code).toBe('skill_source_missing');
  });

  it('refuses two skills with the same name', async () => {
    const root = writeTree(tempDir(), {
      'a/demo/skill.md': skillText('name: demo\ndescription: D.'),
      'b/demo/skill.md': skillText('name: demo\ndescription: D.'),
    });
    const error = await failure(root, ['a', 'b']);
    expect(error.code).toBe('duplicate_skill');
    expect(error.message).toContain('a/demo/skill.md');
  });

  it('refuses a missing skills folder, naming the config', async () => {
    const error = await failure(tempDir(), ['nope']);
    expect(error.code).toBe('skill_folder_not_found');
    expect(error.details.file).toBe('skillpack.config.json');
  });

  it('refuses a symbolic link among the copied files', async () => {
    const root = writeTree(tempDir(), {
      'skills/demo/skill.md': skillText('name: demo\ndescription: D.'),
      'outside.txt': 'secret',
    });
    symlinkSync(join(root, 'outside.txt'), join(root, 'skills/demo/references'), 'file');
    const error = await failure(root);
    expect(error.code).toBe('source_symlink');
    expect(error.details.file).toBe('skills/demo/references');
  });

  it('refuses a skill.md that is a symbolic link', async () => {
    const root = writeTree(tempDir(), {
      'elsewhere.md': skillText('name: demo\ndescription: D.'),
      'skills/demo/notes.md': 'x',
    });
    symlinkSync(join(root, 'elsewhere.md'), join(root, 'skills/demo/skill.md'), 'file');
    expect((await failure(root)).code).toBe('source_symlink');
  });

  it('refuses a file that is not UTF-8', async () => {
    const root = writeTree(tempDir(), {
      'skills/demo/skill.md': Uint8Array.from([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0xfe]),
    });
    expect((await failure(root)).code).toBe('source_encoding');
  });

  it('names the file line of a NUL byte in the body', async () => {
    const root = writeTree(tempDir(), {
      'skills/demo/skill.md': `${skillText('name: demo\ndescription: D.', '# Body\nline\nbad \0 byte\n')}`,
    });
    const error = await failure(root);
    expect(error.code).toBe('source_nul_byte');
    const line = skillText('name: demo\ndescription: D.', '# Body\nline\n').split('\n').length;
    expect(error.details.line).toBe(line);
    expect(error.message).toContain(`skills/demo/skill.md:${line}:`);
  });
});
