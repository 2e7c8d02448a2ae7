import { describe, expect, it } from 'vitest';
import { geminiExtensionName } from '../../../src/runtimes/gemini-cli/target.js';
import { renderDemo } from '../../_support/render-demo.js';

describe('gemini-cli target', () => {
  it('writes the skill form in .gemini/skills with the spec keys (Gemini reads name and description)', async () => {
    const { frontMatter, paths } = await renderDemo('gemini-cli');
    expect(frontMatter('gemini-cli/.gemini/skills/full/SKILL.md')).toEqual({
      name: 'full',
      description: 'Full skill. Second line.',
      compatibility: 'Needs git.',
      license: 'MIT',
      metadata: { version: '1.0' },
    });
    expect(paths).toContain('gemini-cli/.gemini/skills/full/references/demo.answer.schema.json');
    expect(paths).not.toContain('gemini-cli/.gemini/skills/full/references/demo.answer.openai.schema.json');
  });

  it('writes the extension: manifest, skills, and the AfterAgent hook through extensionPath', async () => {
    const { json, paths } = await renderDemo('gemini-cli');
    expect(json('gemini-cli/extension/gemini-extension.json')).toEqual({
      name: 'demo-pack',
      version: expect.any(String),
      description: expect.any(String),
    });
    expect(paths).toContain('gemini-cli/extension/skills/full/SKILL.md');
    expect(paths).toContain('gemini-cli/extension/hooks/skillpack-hook.cjs');
    expect(json('gemini-cli/extension/hooks/hooks.json')).toEqual({
      hooks: {
        AfterAgent: [
          {
            hooks: [
              {
                type: 'command',
                name: 'skillpack-demo-pack',
                command:
                  // biome-ignore lint/suspicious/noTemplateCurlyInString: the runtime's own variable, written literally
                  'node "${extensionPath}/hooks/skillpack-hook.cjs" gemini-cli --contract demo.answer --max-blocks 3 --enforce attempted',
                timeout: 30_000,
              },
            ],
          },
        ],
      },
    });
  });

  it('carries no hook without a hooked contract, and none in the skill form', async () => {
    const { paths } = await renderDemo('gemini-cli', {});
    expect(paths.filter((path) => path.includes('hook'))).toEqual([]);
    const hooked = await renderDemo('gemini-cli');
    expect(
      hooked.paths.filter((path) => path.includes('hook') && !path.startsWith('gemini-cli/extension/')),
    ).toEqual([]);
  });

  it.each([
    ['demo-pack', 'demo-pack'],
    ['@acme/Review_Kit', 'acme-review-kit'],
    ['a..b', 'a-b'],
  ])('names the extension of %s %s', (pack, name) => {
    expect(geminiExtensionName(pack)).toBe(name);
  });
});
