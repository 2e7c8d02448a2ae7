import { describe, expect, it } from 'vitest';
import { renderDemo } from '../../_support/render-demo.js';

describe('claude-code target', () => {
  it('writes Claude Code keys, and no hooks in the skill form (install wires them into settings.json)', async () => {
    const { frontMatter } = await renderDemo('claude-code');
    const skill = frontMatter('claude-code/.claude/skills/full/SKILL.md');
    expect(Object.keys(skill)).toEqual([
      'name',
      'description',
      'allowed-tools',
      'argument-hint',
      'compatibility',
      'disable-model-invocation',
      'license',
      'metadata',
      'paths',
    ]);
    expect(skill).toMatchObject({
      description: 'Full skill. Second line.',
      'allowed-tools': 'Read Bash(git:*)',
      'disable-model-invocation': true,
      paths: ['src/**'],
    });
    expect(skill.hooks).toBeUndefined();
    expect(frontMatter('claude-code/.claude/skills/plain/SKILL.md')).toEqual({
      name: 'plain',
      description: 'Plain.',
    });
  });

  it('wires plugin hooks in hooks/hooks.json through CLAUDE_PLUGIN_ROOT, not in the plugin skills', async () => {
    const { frontMatter, json, paths } = await renderDemo('claude-code');
    expect(frontMatter('claude-code/plugin/skills/full/SKILL.md').hooks).toBeUndefined();
    expect(json('claude-code/plugin/hooks/hooks.json').hooks.Stop[0].hooks[0].command).toBe(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the runtime's own variable, written literally
      'node "${CLAUDE_PLUGIN_ROOT}/hooks/skillpack-hook.cjs" claude-code --contract demo.answer --max-blocks 3 --enforce attempted',
    );
    // One hook file for the whole layout: the skill form's commands run the copy `install` makes of it.
    expect(paths.filter((path) => path.endsWith('skillpack-hook.cjs'))).toEqual([
      'claude-code/plugin/hooks/skillpack-hook.cjs',
    ]);
  });

  it('writes a plugin manifest with only plugin.json in .claude-plugin, and a marketplace pointing at ./plugin', async () => {
    const { json, paths } = await renderDemo('claude-code');
    expect(paths.filter((path) => path.startsWith('claude-code/plugin/.claude-plugin/'))).toEqual([
      'claude-code/plugin/.claude-plugin/plugin.json',
    ]);
    expect(json('claude-code/plugin/.claude-plugin/plugin.json')).toEqual({
      name: 'demo-pack',
      version: '0.1.0',
      description: 'Demo pack.',
      author: { name: 'Demo' },
      license: 'MIT',
    });
    const marketplace = json('claude-code/.claude-plugin/marketplace.json');
    expect(marketplace).toMatchObject({
      name: 'demo-pack',
      owner: { name: 'Demo' },
      plugins: [{ name: 'demo-pack', source: './plugin' }],
    });
  });

  it('writes no hook files when no hook is configured', async () => {
    const { paths } = await renderDemo('claude-code', {});
    expect(paths.filter((path) => path.includes('hook'))).toEqual([]);
  });
});
