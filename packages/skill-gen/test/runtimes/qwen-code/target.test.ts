import { describe, expect, it } from 'vitest';
import { renderDemo } from '../../_support/render-demo.js';

describe('qwen-code target', () => {
  it('writes the spec keys and allowed-tools into .qwen/skills, with no hooks in the front matter', async () => {
    const { frontMatter } = await renderDemo('qwen-code');
    const written = frontMatter('qwen-code/.qwen/skills/full/SKILL.md');
    expect(written).toMatchObject({ name: 'full', 'allowed-tools': 'Read Grep' });
    expect(written).not.toHaveProperty('hooks');
  });

  it('declares the Stop hook in hooks/hooks.json through QWEN_PACK_ROOT, with the program beside it', async () => {
    const { json, paths } = await renderDemo('qwen-code');
    expect(json('qwen-code/hooks/hooks.json').hooks.Stop[0].hooks[0]).toEqual({
      type: 'command',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the pack's placeholder, written literally
      command:
        'node "${QWEN_PACK_ROOT}/hooks/skillpack-hook.cjs" qwen-code --contract demo.answer --max-blocks 3 --enforce attempted',
      timeout: expect.any(Number),
    });
    expect(paths).toContain('qwen-code/hooks/skillpack-hook.cjs');
    expect(paths.some((path) => path.startsWith('qwen-code/.claude/'))).toBe(false);
  });

  it('writes no hook files when no hook is configured', async () => {
    const { paths } = await renderDemo('qwen-code', {});
    expect(paths.some((path) => path.includes('/hooks/'))).toBe(false);
  });
});
