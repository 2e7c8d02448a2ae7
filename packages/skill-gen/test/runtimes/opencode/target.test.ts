import { describe, expect, it } from 'vitest';
import { renderDemo } from '../../_support/render-demo.js';

describe('opencode target', () => {
  it('writes only the keys OpenCode reads', async () => {
    const { frontMatter } = await renderDemo('opencode');
    expect(frontMatter('opencode/.opencode/skills/full/SKILL.md')).toEqual({
      name: 'full',
      description: 'Full skill. Second line.',
      compatibility: 'Needs git.',
      license: 'Apache-2.0',
      metadata: { version: '1.0' },
    });
  });

  it('adds the prebuilt plugin as <pack>.js with its settings beside it', async () => {
    const { json, paths } = await renderDemo('opencode');
    expect(paths).toContain('opencode/.opencode/plugins/demo-pack.js');
    expect(json('opencode/.opencode/plugins/demo-pack.json')).toEqual({
      contracts: ['demo.answer'],
      maxPrompts: 3,
    });
  });

  it('adds no plugin without hooks', async () => {
    const { paths } = await renderDemo('opencode', {});
    expect(paths.some((path) => path.includes('/plugins/'))).toBe(false);
  });
});
