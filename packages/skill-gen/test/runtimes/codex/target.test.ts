import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { renderDemo } from '../../_support/render-demo.js';

describe('codex target', () => {
  it('writes name and description on one line plus the spec keys Codex tolerates, nothing Claude-only', async () => {
    const { frontMatter } = await renderDemo('codex');
    expect(frontMatter('codex/.agents/skills/full/SKILL.md')).toEqual({
      name: 'full',
      description: 'Codex wording.',
      compatibility: 'Needs git.',
      license: 'MIT',
      metadata: { version: '1.0', 'short-description': 'Short.' },
    });
  });

  it('puts interface and policy in agents/openai.yaml, only for skills that set them', async () => {
    const { text, paths } = await renderDemo('codex');
    expect(YAML.parse(text('codex/.agents/skills/full/agents/openai.yaml'))).toEqual({
      interface: { display_name: 'Full' },
      policy: { allow_implicit_invocation: false },
    });
    expect(paths).not.toContain('codex/.agents/skills/plain/agents/openai.yaml');
  });

  it('carries the OpenAI-strict schema of each contract', async () => {
    const { json } = await renderDemo('codex');
    const strict = json('codex/.agents/skills/full/references/demo.answer.openai.schema.json');
    expect(strict.additionalProperties).toBe(false);
    expect(strict.required).toEqual(['verdict', 'reasons']);
  });

  it('wires the plugin hook through PLUGIN_ROOT and declares it in plugin.json', async () => {
    const { json } = await renderDemo('codex');
    expect(json('codex/plugin/hooks/hooks.json').hooks.Stop[0].hooks[0].command).toBe(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the runtime's own variable, written literally
      'node "${PLUGIN_ROOT}/hooks/skillpack-hook.cjs" codex --contract demo.answer --max-blocks 3 --enforce attempted',
    );
    expect(json('codex/plugin/.codex-plugin/plugin.json')).toMatchObject({
      name: 'demo-pack',
      skills: './skills/',
      hooks: './hooks/hooks.json',
      interface: { displayName: 'demo-pack', category: 'Productivity', developerName: 'Demo' },
    });
  });

  it('writes a marketplace with a local source, policy and category', async () => {
    const { json } = await renderDemo('codex');
    expect(json('codex/.agents/plugins/marketplace.json').plugins).toEqual([
      {
        name: 'demo-pack',
        source: { source: 'local', path: './plugin' },
        policy: { installation: 'AVAILABLE', authentication: 'ON_INSTALL' },
        category: 'Productivity',
      },
    ]);
  });

  it('gives the skill form no hooks (Codex has no skill-scoped hooks)', async () => {
    const { paths } = await renderDemo('codex');
    expect(paths.filter((path) => path.includes('hook') && !path.startsWith('codex/plugin/'))).toEqual([]);
  });
});
