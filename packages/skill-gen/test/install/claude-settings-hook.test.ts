import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApplyStep } from '../../src/install/apply-plan.js';
import type { InstallScope } from '../../src/install/layout.js';
import { installPack, uninstallPack } from '../../src/runtimes/runtime-install.js';
import { demoPackFiles, snapshotTree, tempDir, writePack } from './_support/packs.js';

const PACK = { name: 'demo-pack', version: '1.0.0' };
const PROGRAM = 'console.log("{}");\n';

/** A pack whose Claude plugin declares a Stop hook (what `skillpack build` writes for a hooked contract). */
function hookedPack(dir: string, contracts = '--contract demo.answer', program = true) {
  return writePack(dir, PACK, {
    ...demoPackFiles('1'),
    'claude-code/plugin/hooks/hooks.json': `${JSON.stringify({
      description: 'skillpack',
      hooks: {
        Stop: [
          {
            hooks: [
              {
                type: 'command',
                command: `node "\${CLAUDE_PLUGIN_ROOT}/hooks/skillpack-hook.cjs" claude-code ${contracts} --enforce attempted`,
                timeout: 30,
              },
            ],
          },
        ],
      },
    })}\n`,
    ...(program ? { 'claude-code/plugin/hooks/skillpack-hook.cjs': PROGRAM } : {}),
  });
}

function setup(scope: InstallScope = 'project') {
  const work = tempDir('skillpack-claude-hook-');
  const root = join(work, 'root');
  mkdirSync(root);
  const options = { scope, projectDir: root, home: root, dryRun: false } as const;
  return {
    work,
    root,
    settings: join(root, '.claude/settings.json'),
    install: (pack: string, extra: { force?: boolean; onStep?: (step: ApplyStep) => void } = {}) =>
      installPack({
        ...options,
        packDir: pack,
        runtime: 'claude-code',
        force: extra.force ?? false,
        ...extra,
      }),
    uninstall: () => uninstallPack({ ...options, packName: PACK.name }),
  };
}

function writeSettings(path: string, text: string) {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

// A person's own settings, in their own formatting (4-space indent, a key order of their own, no final newline).
const MINE = `{
    "permissions": { "allow": ["Bash(npm test)"] },
    "hooks": {
        "Stop": [
            { "hooks": [ { "type": "command", "command": "echo mine" } ] }
        ]
    },
    "model": "opus"
}`;

describe('install --runtime claude-code wires the Stop hook into settings.json', () => {
  it.each(['project', 'user'] as const)(
    '%s scope: the program in .claude/hooks/<pack>/, its entry in .claude/settings.json, recorded, removed exactly',
    async (scope) => {
      const { work, root, settings, install, uninstall } = setup(scope);
      const done = await install(hookedPack(join(work, 'pack')));
      expect(done.success && done.data.status).toBe('applied');
      expect(readFileSync(join(root, '.claude/hooks/demo-pack/skillpack-hook.cjs'), 'utf8')).toBe(PROGRAM);
      const command = JSON.parse(readFileSync(settings, 'utf8')).hooks.Stop[0].hooks[0].command;
      // A project's settings travel with the repository: relative to the project; the user's are absolute.
      const program =
        scope === 'project'
          ? '$CLAUDE_PROJECT_DIR/.claude/hooks/demo-pack/skillpack-hook.cjs'
          : `${root}/.claude/hooks/demo-pack/skillpack-hook.cjs`;
      expect(command).toBe(`node "${program}" claude-code --contract demo.answer --enforce attempted`);
      const lockPath = scope === 'project' ? 'skillpack-lock.json' : '.skillpack/skillpack-lock.json';
      const lock = JSON.parse(readFileSync(join(root, lockPath), 'utf8'));
      expect(lock.installs[0].hookConfig).toMatchObject({ file: '.claude/settings.json', createdFile: true });
      expect(lock.installs[0].hookConfig.entries).toHaveLength(1);
      const again = await install(hookedPack(join(work, 'pack')));
      expect(again.success && again.data.status).toBe('unchanged');
      const removed = await uninstall();
      expect(removed.success && removed.data.status).toBe('applied');
      expect(snapshotTree(root)).toEqual({});
    },
  );

  it("keeps every byte of a person's settings.json, and uninstall gives it back byte for byte", async () => {
    const { work, settings, install, uninstall } = setup();
    writeSettings(settings, MINE);
    expect((await install(hookedPack(join(work, 'pack')))).success).toBe(true);
    const merged = readFileSync(settings, 'utf8');
    const parsed = JSON.parse(merged);
    expect(parsed.hooks.Stop[0]).toEqual({ hooks: [{ type: 'command', command: 'echo mine' }] });
    expect(parsed.hooks.Stop).toHaveLength(2);
    expect(parsed.permissions).toEqual({ allow: ['Bash(npm test)'] });
    // Only an insertion: the person's text before and after it is untouched.
    const mineEnd = MINE.indexOf('}\n        ]') + 1;
    expect(merged.startsWith(MINE.slice(0, mineEnd))).toBe(true);
    expect(merged.endsWith(MINE.slice(mineEnd))).toBe(true);
    expect((await uninstall()).success).toBe(true);
    expect(readFileSync(settings, 'utf8')).toBe(MINE);
  });

  it('adds a hooks key to settings without one and takes it out again', async () => {
    const { work, settings, install, uninstall } = setup();
    const original = '{\n  "model": "opus"\n}\n';
    writeSettings(settings, original);
    await install(hookedPack(join(work, 'pack')));
    expect(Object.keys(JSON.parse(readFileSync(settings, 'utf8')))).toEqual(['model', 'hooks']);
    await uninstall();
    expect(readFileSync(settings, 'utf8')).toBe(original);
  });

  it('upgrades its own entry in place of the old one', async () => {
    const { work, settings, install } = setup();
    writeSettings(settings, MINE);
    await install(hookedPack(join(work, 'pack')));
    await install(hookedPack(join(work, 'pack2'), '--contract demo.answer --max-blocks 3'));
    const stop = JSON.parse(readFileSync(settings, 'utf8')).hooks.Stop;
    expect(stop).toHaveLength(2);
    expect(stop[1].hooks[0].command).toContain('--max-blocks 3');
  });

  it.each([
    ['with comments (JSONC)', '{\n  // mine\n  "model": "opus"\n}\n'],
    ['not JSON', '{"model": '],
    ['hooks not an object', '{"hooks": []}'],
  ])('refuses a settings.json %s as a conflict, writing nothing', async (_, text) => {
    const { work, root, settings, install } = setup();
    writeSettings(settings, text);
    const before = snapshotTree(root);
    const refused = await install(hookedPack(join(work, 'pack')));
    expect(refused.success && refused.data.status).toBe('refused');
    if (refused.success) {
      const conflict = refused.data.plan.actions.find((action) => action.path === '.claude/settings.json');
      expect(conflict).toMatchObject({ type: 'conflict', reason: 'hook-config-invalid' });
    }
    expect(snapshotTree(root)).toEqual(before);
    expect(readFileSync(settings, 'utf8')).toBe(text);
  });

  it("never loses a person's edit of skillpack's entry: a conflict on install, kept on uninstall", async () => {
    const { work, settings, install, uninstall } = setup();
    writeSettings(settings, MINE);
    await install(hookedPack(join(work, 'pack')));
    const edited = readFileSync(settings, 'utf8').replace('--enforce attempted', '--max-blocks 9');
    writeFileSync(settings, edited);
    const refused = await install(hookedPack(join(work, 'pack2'), '--contract other'));
    expect(refused.success && refused.data.status).toBe('refused');
    const removed = await uninstall();
    expect(removed.success).toBe(true);
    expect(readFileSync(settings, 'utf8')).toBe(edited);
  });

  it('rolls settings.json back with everything else when the install fails at its commit', async () => {
    const { work, root, settings, install } = setup();
    writeSettings(settings, MINE);
    const failed = await install(hookedPack(join(work, 'pack')), {
      onStep: (step) => {
        if (step.phase === 'lock') throw new Error('disk full');
      },
    });
    expect(failed.success).toBe(false);
    expect(readFileSync(settings, 'utf8')).toBe(MINE);
    expect(existsSync(join(root, '.claude/hooks'))).toBe(false);
  });

  it('writes no settings when the pack has no hook', async () => {
    const { work, root, install } = setup();
    const pack = writePack(join(work, 'pack'), PACK, demoPackFiles('1'));
    expect((await install(pack)).success).toBe(true);
    expect(existsSync(join(root, '.claude/settings.json'))).toBe(false);
    expect(existsSync(join(root, '.claude/hooks'))).toBe(false);
  });
});
