import { describe, expect, it } from 'vitest';
import { renderDemo } from '../../_support/render-demo.js';

describe('copilot-cli target', () => {
  it('writes the spec keys Copilot lists a skill by, into .github/skills', async () => {
    const { frontMatter } = await renderDemo('copilot-cli');
    expect(frontMatter('copilot-cli/.github/skills/full/SKILL.md')).toEqual({
      name: 'full',
      description: 'Full skill. Second line.',
      compatibility: 'Needs git.',
      license: 'MIT',
      metadata: { version: '1.0' },
    });
  });

  it('adds the agentStop hook file beside its program, found through $COPILOT_HOOK_DIR', async () => {
    const { json, paths } = await renderDemo('copilot-cli');
    expect(paths).toContain('copilot-cli/.github/hooks/demo-pack/skillpack-hook.cjs');
    const hooks = json('copilot-cli/.github/hooks/demo-pack.json') as {
      version: number;
      hooks: { agentStop: { type: string; bash: string; timeoutSec: number }[] };
    };
    expect(hooks.version).toBe(1);
    expect(hooks.hooks.agentStop).toHaveLength(1);
    expect(hooks.hooks.agentStop[0]!.bash).toMatch(
      /^node "\$COPILOT_HOOK_DIR\/demo-pack\/skillpack-hook\.cjs" copilot-cli --contract demo\.answer .*--enforce attempted$/,
    );
  });

  it('renders a plugin whose hooks run through ${PLUGIN_ROOT}', async () => {
    const { json, paths } = await renderDemo('copilot-cli');
    expect(json('copilot-cli/plugin/.plugin/plugin.json')).toMatchObject({
      name: 'demo-pack',
      skills: 'skills',
      hooks: 'hooks/hooks.json',
    });
    expect(paths).toContain('copilot-cli/plugin/hooks/skillpack-hook.cjs');
    const hooks = json('copilot-cli/plugin/hooks/hooks.json') as {
      hooks: { agentStop: { bash: string; env: Record<string, string> }[] };
    };
    expect(hooks.hooks.agentStop[0]!.env).toEqual({ SKILLPACK_PLUGIN_ROOT: '$' + '{PLUGIN_ROOT}' });
    expect(hooks.hooks.agentStop[0]!.bash).toContain('"$SKILLPACK_PLUGIN_ROOT/hooks/skillpack-hook.cjs"');
  });

  it('adds no hook without hooks', async () => {
    const { paths } = await renderDemo('copilot-cli', {});
    expect(paths.some((path) => path.includes('/hooks/'))).toBe(false);
  });
});
