// A pack must install on every OS its runtimes run on, and all three run on Windows.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, createContractRegistry, defineContract } from '@skillpack/core';
import { describe, expect, it } from 'vitest';
import { assertWindowsSafePaths } from '../../src/pack/windows-paths.js';
import { buildPack } from '../../src/runtimes/runtime-pack.js';
import { demoContract, demoRegistry } from '../_support/demo-registry.js';
import { configText, skillText, tempDir, writeTree } from '../_support/temp.js';

async function buildError(files: Record<string, string>, registry = demoRegistry): Promise<ConfigError> {
  const root = writeTree(tempDir(), { 'skillpack.config.json': configText({ out: 'out' }), ...files });
  const error = await buildPack({ cwd: root, registry }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConfigError);
  expect(existsSync(join(root, 'out')), 'nothing is written before the error').toBe(false);
  return error as ConfigError;
}

// These names cannot even be created on Windows, so the fixtures that carry them are Linux/macOS only.
describe.skipIf(process.platform === 'win32')('build refuses names Windows cannot hold', () => {
  it.each(['con', 'prn', 'aux', 'nul', 'com1', 'com9', 'lpt1', 'lpt9'])(
    'a skill named %s: skill_name_windows_unsafe at its name line',
    async (name) => {
      const error = await buildError({
        [`skills/${name}/skill.md`]: skillText(`name: ${name}\ndescription: D.`),
      });
      expect(error.code).toBe('skill_name_windows_unsafe');
      expect(error.details).toMatchObject({ file: `skills/${name}/skill.md`, line: 2 });
      expect(error.message).toContain(`"${name.toUpperCase()}"`);
      expect(error.message).toContain('Windows');
    },
  );

  it.each([
    ['references/nul.md', 'nul.md'],
    ['references/CON.txt', 'CON.txt'],
    ['assets/Aux', 'Aux'],
    ['scripts/com3/run.sh', 'com3'],
    ['references/lpt2.tar.gz', 'lpt2.tar.gz'],
    ['references/notes.', 'notes.'],
    ['references/notes ', 'notes '],
    ['references/what?.md', 'what?.md'],
    ['references/a<b>.md', 'a<b>.md'],
    ['references/a:b.md', 'a:b.md'],
    ['references/a|b.md', 'a|b.md'],
    ['references/a*b.md', 'a*b.md'],
    ['references/a"b.md', 'a"b.md'],
  ])('a copied file %s: skill_file_windows_unsafe naming it', async (path, segment) => {
    const error = await buildError({
      'skills/demo/skill.md': skillText('name: demo\ndescription: D.'),
      [`skills/demo/${path}`]: 'x\n',
    });
    expect(error.code).toBe('skill_file_windows_unsafe');
    expect(error.details.file).toBe(`skills/demo/${path}`);
    expect(error.message).toContain(JSON.stringify(segment));
    expect(error.message).toContain('Windows');
  });

  it.each(['con', 'aux', 'nul', 'com1', 'lpt9'])(
    'a pack named %s: config_invalid naming Windows',
    async (name) => {
      const error = await buildError({
        'skillpack.config.json': configText({ out: 'out', name }),
        'skills/demo/skill.md': skillText('name: demo\ndescription: D.'),
      });
      expect(error.code).toBe('config_invalid');
      expect(error.message).toContain('Windows');
      expect(error.message).toContain('name');
    },
  );

  it('a contract whose id gives a reserved file name: pack_path_windows_unsafe', async () => {
    const aux = defineContract({ ...demoContract, id: 'aux.answer', title: 'aux answer' });
    const error = await buildError(
      { 'skills/demo/skill.md': skillText('name: demo\ndescription: D.\ncontracts: [aux.answer]') },
      createContractRegistry([aux]),
    );
    expect(error.code).toBe('pack_path_windows_unsafe');
    expect(error.message).toMatch(/aux\.answer\.[\w.]+/);
    expect(error.message).toContain('"AUX"');
    expect(error.message).toContain('Windows');
  });

  it('a good name next to a reserved one still builds (the check is by segment, not by substring)', async () => {
    const root = writeTree(tempDir(), {
      'skillpack.config.json': configText({ out: 'out', name: 'console-pack' }),
      'skills/auxiliary/skill.md': skillText('name: auxiliary\ndescription: D.'),
      'skills/auxiliary/references/con-notes.md': 'x\n',
      'skills/auxiliary/references/nul1.md': 'x\n',
      'skills/auxiliary/references/com10.md': 'x\n',
    });
    const result = await buildPack({ cwd: root, registry: demoRegistry });
    expect(
      result.manifest.files.some((file) => file.path.endsWith('auxiliary/references/con-notes.md')),
    ).toBe(true);
  });
});

describe('assertWindowsSafePaths', () => {
  it('refuses paths that differ only by case', () => {
    expect(() => assertWindowsSafePaths(['a/Logo.png', 'a/logo.png'])).toThrow(/differ only by case/);
  });

  it('accepts the paths a pack writes', () => {
    expect(() =>
      assertWindowsSafePaths(['claude-code/.claude/skills/demo/SKILL.md', 'opencode/.opencode/plugins/p.js']),
    ).not.toThrow();
  });

  it.each(['x/CON', 'x/con.json', 'Nul/x', 'x/COM1.txt', 'x/lpt3', 'x/a.', 'x/a ', 'x/a\u0001b'])(
    'refuses %j',
    (path) => {
      expect(() => assertWindowsSafePaths([path])).toThrow(
        expect.objectContaining({ code: 'pack_path_windows_unsafe' }),
      );
    },
  );
});
