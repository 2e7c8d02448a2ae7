import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InstallScope } from '../../../src/install/layout.js';
import { gatedSkillName, mergeRules, removeRules } from '../../../src/runtimes/claude-code/activation.js';
import { installPack, uninstallPack } from '../../../src/runtimes/runtime-install.js';
import { demoPackFiles, skillpack, snapshotTree, tempDir, writePack } from '../../install/_support/packs.js';

const PACK = { name: 'demo-pack', version: '1.0.0' };
const GATED = '---\nname: gated\ndescription: Gated.\nallowed-tools: "Read Bash(git:*)"\n---\nBody.\n';

function gatedPack(dir: string) {
  return writePack(dir, PACK, {
    ...demoPackFiles('1'),
    'claude-code/.claude/skills/gated/SKILL.md': GATED,
    'claude-code/plugin/hooks/hooks.json': `${JSON.stringify({
      hooks: {
        Stop: [
          {
            hooks: [
              {
                type: 'command',
                command: `node "\${CLAUDE_PLUGIN_ROOT}/hooks/skillpack-hook.cjs" claude-code --enforce attempted`,
              },
            ],
          },
        ],
      },
    })}\n`,
    'claude-code/plugin/hooks/skillpack-hook.cjs': 'console.log("{}");\n',
  });
}

function setup(scope: InstallScope) {
  const work = tempDir('skillpack-claude-activate-');
  const root = join(work, 'root');
  mkdirSync(root);
  const options = { scope, projectDir: root, home: root, dryRun: false } as const;
  return {
    work,
    root,
    install: (pack: string, activate: boolean) =>
      installPack({ ...options, packDir: pack, runtime: 'claude-code', force: false, activate }),
    uninstall: () => uninstallPack({ ...options, packName: PACK.name }),
  };
}

describe('gatedSkillName', () => {
  it('names a skill whose front matter has allowed-tools or hooks, and no other', () => {
    expect(gatedSkillName(GATED)).toBe('gated');
    expect(gatedSkillName('---\nname: "h"\nhooks:\n  Stop: []\n---\n')).toBe('h');
    expect(
      gatedSkillName('---\nname: plain\ndescription: x\n---\nallowed-tools: in the body\n'),
    ).toBeUndefined();
  });
});

describe('mergeRules / removeRules', () => {
  it('adds only missing rules, records only its own, and removes exactly what it added', () => {
    const mine = '{\n  "permissions": {\n    "allow": ["Bash(ls)", "Skill(a)"]\n  }\n}\n';
    const merged = mergeRules(mine, ['Skill(a)', 'Skill(b)'], []);
    expect(merged).toMatchObject({ kind: 'changed', added: ['Skill(b)'] });
    if (merged.kind !== 'changed') return;
    expect(JSON.parse(merged.text).permissions.allow).toEqual(['Bash(ls)', 'Skill(a)', 'Skill(b)']);
    expect(removeRules(merged.text, ['Skill(b)'])).toEqual({ kind: 'changed', text: mine, added: [] });
  });

  it('refuses a file that is not plain JSON', () => {
    expect(mergeRules('{ // c\n}', ['Skill(a)'], []).kind).toBe('invalid');
    expect(mergeRules('{"permissions": {"allow": {}}}', ['Skill(a)'], []).kind).toBe('invalid');
  });
});

describe('install --runtime claude-code --activate', () => {
  it('without --activate writes no rule and reports the exact step', async () => {
    const { work, root, install } = setup('project');
    const done = await install(gatedPack(join(work, 'pack')), false);
    expect(done.success && done.data.activation).toMatchObject({
      active: false,
      rules: ['Skill(gated)'],
      file: `${root}/.claude/settings.local.json`,
      add: { permissions: { allow: ['Skill(gated)'] } },
    });
    expect(snapshotTree(root)['.claude/settings.local.json']).toBeUndefined();
  });

  it('prints the step in the CLI text and carries it in --format json', async () => {
    const { work, root } = setup('project');
    const pack = gatedPack(join(work, 'pack'));
    const args = ['install', pack, '--runtime', 'claude-code', '--scope', 'project', '--dir', root];
    const json = await skillpack([...args, '--dry-run', '--format', 'json'], { cwd: work });
    expect(JSON.parse(json.stdout).activation).toMatchObject({ active: false, rules: ['Skill(gated)'] });
    const text = await skillpack(args, { cwd: work });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('"Skill(gated)"');
    expect(text.stdout).toContain('--activate');
  });

  it('project scope: adds the rule to .claude/settings.local.json, and uninstall removes it exactly', async () => {
    const { work, root, install, uninstall } = setup('project');
    const file = join(root, '.claude/settings.local.json');
    mkdirSync(join(root, '.claude'));
    const mine = '{\n    "env": {"A": "1"}\n}';
    writeFileSync(file, mine);
    const done = await install(gatedPack(join(work, 'pack')), true);
    expect(done.success && done.data.activation?.active).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      env: { A: '1' },
      permissions: { allow: ['Skill(gated)'] },
    });
    const lock = JSON.parse(readFileSync(join(root, 'skillpack-lock.json'), 'utf8'));
    expect(lock.installs[0].activation).toEqual({
      file: '.claude/settings.local.json',
      createdFile: false,
      allow: ['Skill(gated)'],
    });
    expect((await uninstall()).success).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(mine);
  });

  it('user scope: the rule and the Stop hook share ~/.claude/settings.json; uninstall leaves nothing', async () => {
    const { work, root, install, uninstall } = setup('user');
    const done = await install(gatedPack(join(work, 'pack')), true);
    expect(done.success && done.data.status).toBe('applied');
    const settings = JSON.parse(readFileSync(join(root, '.claude/settings.json'), 'utf8'));
    expect(settings.permissions.allow).toEqual(['Skill(gated)']);
    expect(settings.hooks.Stop).toHaveLength(1);
    const again = await install(gatedPack(join(work, 'pack')), true);
    expect(again.success && again.data.status).toBe('unchanged');
    expect((await uninstall()).success).toBe(true);
    expect(snapshotTree(root)).toEqual({});
  });
});
