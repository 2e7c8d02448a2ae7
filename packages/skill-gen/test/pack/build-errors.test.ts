import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '@skillpack/core';
import { describe, expect, it } from 'vitest';
import { buildPack } from '../../src/runtimes/runtime-pack.js';
import { demoRegistry } from '../_support/demo-registry.js';
import { configText, skillText, tempDir, writeTree } from '../_support/temp.js';

async function buildError(files: Record<string, string>, options: Parameters<typeof buildPack>[0] = {}) {
  const root = writeTree(tempDir(), { 'skillpack.config.json': configText({ out: 'out' }), ...files });
  const error = await buildPack({ cwd: root, registry: demoRegistry, ...options }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConfigError);
  expect(existsSync(join(root, 'out')), 'nothing is written before the error').toBe(false);
  return error as ConfigError;
}

describe('build errors: typed, with file, line and fix, before any file is written', () => {
  it.each([
    [
      'an unknown contract in front matter',
      {
        'skills/demo/skill.md': skillText(
          'name: demo\ndescription: D.\ncontracts:\n  - demo.answer\n  - demo.missing',
        ),
      },
      'unknown_contract',
      { file: 'skills/demo/skill.md', line: 6 },
      /demo\.answer/,
    ],
    [
      'bad front matter',
      { 'skills/demo/skill.md': skillText('name: demo\ndescription: D.\nallowed_tools: Read') },
      'front_matter_invalid',
      { file: 'skills/demo/skill.md', line: 4 },
      /"allowed-tools"/,
    ],
    [
      '---js front matter',
      { 'skills/demo/skill.md': '---js\n{ name: "demo", description: "D." }\n---\nbody\n' },
      'front_matter_javascript',
      { file: 'skills/demo/skill.md', line: 1 },
      /YAML/,
    ],
    [
      'a missing partial',
      {
        'skills/demo/skill.md': skillText(
          'name: demo\ndescription: D.',
          '# Demo\n\n{{> contract-table contract="demo.answer"}}\n',
        ),
      },
      'template_missing_partial',
      { file: 'skills/demo/skill.md', line: 7 },
      /"contract-output"/,
    ],
    [
      'a name that differs from its folder',
      { 'skills/demo/skill.md': skillText('name: demo-skill\ndescription: D.') },
      'skill_name_mismatch',
      { file: 'skills/demo/skill.md', line: 2 },
      /Rename the folder to "demo-skill"/,
    ],
    [
      'a copied file named like a generated reference',
      {
        'skills/demo/skill.md': skillText('name: demo\ndescription: D.\ncontracts: [demo.answer]'),
        'skills/demo/references/demo.answer.schema.json': '{}',
      },
      'output_collision',
      { file: 'skills/demo/references/demo.answer.schema.json' },
      /Rename or remove/,
    ],
  ] as const)('%s', async (_label, files, code, where, fix) => {
    const error = await buildError(files);
    expect(error.code).toBe(code);
    expect(error.details).toMatchObject(where);
    expect(String(error.details.fix)).toMatch(fix);
    expect(error.message).toContain(where.file);
  });

  it('refuses hooks when the adapters bundle is not built, instead of faking it', async () => {
    const error = await buildError(
      {
        'skillpack.config.json': configText({ out: 'out', hooks: { 'demo.answer': {} } }),
        'skills/demo/skill.md': skillText('name: demo\ndescription: D.\ncontracts: [demo.answer]'),
      },
      {
        bundles: {
          hook: '/nonexistent/skillpack-hook.cjs',
          opencodePlugin: '/nonexistent/opencode-plugin.mjs',
        },
      },
    );
    expect(error.code).toBe('hook_bundle_missing');
    expect(error.details.file).toBe('skillpack.config.json');
    expect(String(error.details.fix)).toContain('Build @skillpack/adapters first');
  });

  it('refuses a hook for an unregistered contract, at its config line', async () => {
    const config = JSON.stringify(
      { ...JSON.parse(configText({ out: 'out' })), hooks: { 'demo.nope': {} } },
      null,
      2,
    );
    const error = await buildError({
      'skillpack.config.json': config,
      'skills/demo/skill.md': skillText('name: demo\ndescription: D.'),
    });
    expect(error.code).toBe('unknown_contract');
    expect(error.details).toMatchObject({ file: 'skillpack.config.json', line: 11 });
  });

  it('refuses a pack directory inside the skill sources', async () => {
    const error = await buildError({
      'skillpack.config.json': configText({ out: 'skills/out' }),
      'skills/demo/skill.md': skillText('name: demo\ndescription: D.'),
    });
    expect(error.code).toBe('out_overlaps_sources');
  });

  it('refuses a missing config with the fix', async () => {
    const error = await buildPack({ cwd: tempDir() }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'config_not_found', details: { file: 'skillpack.config.json' } });
  });

  it('warns about a hook no skill needs, and writes no hook for it', async () => {
    const root = writeTree(tempDir(), {
      'skillpack.config.json': configText({ out: 'out', hooks: { 'demo.answer': {} } }),
      'skills/demo/skill.md': skillText('name: demo\ndescription: D.'),
    });
    const result = await buildPack({ cwd: root, registry: demoRegistry });
    expect(result.warnings.map((warning) => warning.code)).toEqual(['hook_unused']);
    expect(result.manifest.files.some((file) => file.path.includes('hook'))).toBe(false);
  });
});
