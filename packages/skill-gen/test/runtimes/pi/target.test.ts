import { describe, expect, it } from 'vitest';
import { renderDemo } from '../../_support/render-demo.js';

describe('pi target', () => {
  it('writes the spec keys into .pi/skills, the description Pi requires included', async () => {
    const { frontMatter } = await renderDemo('pi');
    const written = frontMatter('pi/.pi/skills/full/SKILL.md');
    expect(written).toMatchObject({ name: 'full', 'allowed-tools': 'Read Grep' });
    expect(written.description).toEqual(expect.any(String));
  });

  it('ships the extension as .pi/extensions/<pack>.js with its contracts and block budget beside it', async () => {
    const { json, paths } = await renderDemo('pi');
    const extension = paths.find((path) => /^pi\/\.pi\/extensions\/[^/]+\.js$/.test(path));
    expect(extension).toBeDefined();
    expect(json(extension!.replace(/\.js$/, '.json'))).toEqual({ contracts: ['demo.answer'], maxBlocks: 3 });
    expect(paths.some((path) => path.includes('/hooks/'))).toBe(false);
  });

  it('writes no extension when no hook is configured', async () => {
    const { paths } = await renderDemo('pi', {});
    expect(paths.some((path) => path.includes('/extensions/'))).toBe(false);
  });
});
