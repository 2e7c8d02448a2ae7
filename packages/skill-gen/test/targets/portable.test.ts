import { describe, expect, it } from 'vitest';
import { renderDemo } from '../_support/render-demo.js';

const SPEC_KEYS = ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'];

describe('portable target', () => {
  it('writes only the six Agent Skills keys', async () => {
    const { frontMatter } = await renderDemo('portable');
    const skill = frontMatter('portable/skills/full/SKILL.md');
    expect(Object.keys(skill).every((key) => SPEC_KEYS.includes(key))).toBe(true);
    expect(skill).toEqual({
      name: 'full',
      description: 'Full skill. Second line.',
      'allowed-tools': 'Read Grep',
      compatibility: 'Needs git.',
      license: 'MIT',
      metadata: { version: '1.0' },
    });
  });

  it('writes an npm package whose skills field lists the skill folders, and no hooks', async () => {
    const { json, paths } = await renderDemo('portable');
    expect(json('portable/package.json')).toEqual({
      name: 'demo-pack',
      version: '0.1.0',
      description: 'Demo pack.',
      author: { name: 'Demo' },
      license: 'MIT',
      keywords: ['agent-skills'],
      files: ['skills', 'skillpack.manifest.json'],
      skills: ['./skills/full', './skills/plain'],
    });
    expect(paths.some((path) => path.includes('hook'))).toBe(false);
    // Its own manifest, relative to the package: what `skillpack install` verifies the published package by.
    const manifest = json('portable/skillpack.manifest.json') as {
      targets: string[];
      files: { path: string }[];
    };
    expect(manifest.targets).toEqual(['portable']);
    expect(manifest.files.map((file) => file.path)).toEqual(
      paths
        .filter((path) => path.startsWith('portable/') && path !== 'portable/skillpack.manifest.json')
        .map((path) => path.slice('portable/'.length))
        .sort(),
    );
  });
});
