import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoPackFiles, skillpack, snapshotTree, tempDir, writePack } from './_support/packs.js';

const PROGRAM = 'console.log("{}");\n';
const HOOKED_SKILL =
  '---\nname: demo\ndescription: Demo.\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: "node \\"$CLAUDE_PROJECT_DIR/.claude/hooks/demo-pack/skillpack-hook.cjs\\" claude-code --contract demo.answer"\n---\nBody.\n';

/** A pack whose Claude Code skill form runs a Stop hook: the layout carries the program once, in its plugin. */
function hookedPack(work: string, options: { program?: boolean } = {}) {
  const files = {
    ...demoPackFiles('1.0.0'),
    'claude-code/.claude/skills/demo/SKILL.md': HOOKED_SKILL,
    ...(options.program === false ? {} : { 'claude-code/plugin/hooks/skillpack-hook.cjs': PROGRAM }),
  };
  return writePack(join(work, 'pack'), { name: 'demo-pack', version: '1.0.0' }, files);
}

function project() {
  const work = tempDir();
  const root = join(work, 'project');
  mkdirSync(root);
  const run = (...args: string[]) =>
    skillpack([...args, '--scope', 'project', '--dir', root, '--format', 'json'], { cwd: work }).then(
      (result) => ({ ...result, outcome: JSON.parse(result.stdout) }),
    );
  return { work, root, run };
}

describe('install: the Claude Code skill-form hook', () => {
  it("installs the plugin's one copy where the skill's hook command looks, and removes it on uninstall", async () => {
    const { work, root, run } = project();
    const packDir = hookedPack(work);
    const installed = await run('install', packDir, '--runtime', 'claude-code');
    expect(installed.code).toBe(0);
    const hook = join(root, '.claude/hooks/demo-pack/skillpack-hook.cjs');
    expect(readFileSync(hook, 'utf8')).toBe(PROGRAM);
    const lock = JSON.parse(readFileSync(join(root, 'skillpack-lock.json'), 'utf8'));
    expect(lock.installs[0].files.map((file: { path: string }) => file.path)).toContain(
      '.claude/hooks/demo-pack/skillpack-hook.cjs',
    );
    const removed = await run('uninstall', 'demo-pack');
    expect(removed.code).toBe(0);
    expect(existsSync(hook)).toBe(false);
    expect(snapshotTree(root)).toEqual({});
  });

  it('installs no hook file when no skill-form skill runs one', async () => {
    const { work, root, run } = project();
    const files = { ...demoPackFiles('1.0.0'), 'claude-code/plugin/hooks/skillpack-hook.cjs': PROGRAM };
    const packDir = writePack(join(work, 'pack'), { name: 'demo-pack', version: '1.0.0' }, files);
    expect((await run('install', packDir, '--runtime', 'claude-code')).code).toBe(0);
    expect(existsSync(join(root, '.claude/hooks'))).toBe(false);
  });

  it('refuses a pack whose skills run a hook it does not carry, and writes nothing', async () => {
    const { work, root, run } = project();
    const packDir = hookedPack(work, { program: false });
    const refused = await run('install', packDir, '--runtime', 'claude-code');
    expect(refused.code).toBe(1);
    expect(refused.outcome.error.code).toBe('pack_hook_missing');
    expect(refused.outcome.error.message).toContain('claude-code/plugin/hooks/skillpack-hook.cjs');
    expect(snapshotTree(root)).toEqual({});
  });
});
