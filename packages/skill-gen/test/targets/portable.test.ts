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
      files: ['skills'],
      skills: ['./skills/full', './skills/plain'],
    });
    expect(paths.some((path) => path.includes('hook'))).toBe(false);
  });
});
