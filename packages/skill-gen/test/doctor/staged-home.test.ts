import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isUncopied, stageHome } from '../../src/doctor/staged-home.js';
import { claudeCodeRuntime } from '../../src/runtimes/claude-code/runtime.js';
import { rekeyHookTrust } from '../../src/runtimes/codex/doctor-home.js';
import { codexRuntime } from '../../src/runtimes/codex/runtime.js';
import { snapshotTree, tempDir } from '../install/_support/packs.js';

describe('doctor runs a runtime in a throwaway copy of its home (issue #41)', () => {
  it('copies its user configuration (from where CODEX_HOME points), not its histories, and points the runtime at the copy', () => {
    const root = tempDir();
    const home = join(root, 'home');
    const codexHome = join(root, 'elsewhere/codex');
    mkdirSync(join(codexHome, 'sessions'), { recursive: true });
    mkdirSync(join(home, '.agents/skills/demo'), { recursive: true });
    writeFileSync(join(codexHome, 'sessions/rollout.jsonl'), '{}\n');
    writeFileSync(join(home, '.agents/skills/demo/SKILL.md'), 'demo\n');
    const hooks = `${codexHome}/hooks.json:stop:0:0`;
    writeFileSync(
      join(codexHome, 'config.toml'),
      `model = "m"\n\n[hooks.state.${JSON.stringify(hooks)}]\ntrusted_hash = "sha256:1"\n`,
    );
    const before = { home: snapshotTree(home), codex: snapshotTree(codexHome) };
    const staged = stageHome(codexRuntime, home, { CODEX_HOME: codexHome, PATH: '/bin' });
    try {
      expect(staged.env).toMatchObject({
        HOME: staged.dir,
        CODEX_HOME: join(staged.dir, '.codex'),
        XDG_CONFIG_HOME: join(staged.dir, '.config'),
        PATH: '/bin',
      });
      expect(readFileSync(join(staged.dir, '.agents/skills/demo/SKILL.md'), 'utf8')).toBe('demo\n');
      expect(existsSync(join(staged.dir, '.codex/sessions'))).toBe(false);
      // The person's trust of their user hook names the copy's hooks.json there, with the same hash.
      expect(readFileSync(join(staged.dir, '.codex/config.toml'), 'utf8')).toBe(
        `model = "m"\n\n[hooks.state.${JSON.stringify(`${staged.dir}/.codex/hooks.json:stop:0:0`)}]\ntrusted_hash = "sha256:1"\n`,
      );
      writeFileSync(join(staged.dir, '.codex/state_5.sqlite'), 'written by the runtime');
    } finally {
      staged.remove();
    }
    expect(existsSync(staged.dir)).toBe(false);
    expect({ home: snapshotTree(home), codex: snapshotTree(codexHome) }).toEqual(before);
  });

  it.each([
    [
      'a double-quoted key',
      '[hooks.state."/h/.codex/hooks.json:stop:1:0"]',
      '[hooks.state."/s/.codex/hooks.json:stop:1:0"]',
    ],
    [
      'a single-quoted key',
      "[hooks.state.'/h/.codex/hooks.json:stop:0:0']",
      "[hooks.state.'/s/.codex/hooks.json:stop:0:0']",
    ],
    [
      'a project hook',
      '[hooks.state."/p/.codex/hooks.json:stop:0:0"]',
      '[hooks.state."/p/.codex/hooks.json:stop:0:0"]',
    ],
    [
      'a longer folder name',
      '[hooks.state."/h/.codex2/hooks.json:stop:0:0"]',
      '[hooks.state."/h/.codex2/hooks.json:stop:0:0"]',
    ],
  ])('renames the trust of the user hooks.json only: %s', (_, before, after) => {
    expect(rekeyHookTrust(`${before}\ntrusted_hash = "sha256:1"\n`, '/h/.codex', '/s/.codex')).toBe(
      `${after}\ntrusted_hash = "sha256:1"\n`,
    );
  });

  it("leaves out a runtime's declared histories and any .git folder, and nothing of the same name elsewhere", () => {
    const home = join(tempDir(), 'home');
    for (const folder of ['projects/-work-app', 'skills/projects', 'skills/demo/.git', 'todos'])
      mkdirSync(join(home, '.claude', folder), { recursive: true });
    writeFileSync(join(home, '.claude/projects/-work-app/session.jsonl'), '{}\n');
    writeFileSync(join(home, '.claude/skills/projects/SKILL.md'), 'projects\n');
    writeFileSync(join(home, '.claude/settings.json'), '{}\n');
    const staged = stageHome(claudeCodeRuntime, home, {});
    try {
      expect(Object.keys(snapshotTree(join(staged.dir, '.claude')))).toEqual([
        'settings.json',
        'skills',
        'skills/demo',
        'skills/projects',
        'skills/projects/SKILL.md',
      ]);
    } finally {
      staged.remove();
    }
  });

  it('names a history by its path in the user configuration, wherever the folder was copied from', () => {
    const histories = ['.codex/sessions'];
    expect(isUncopied(histories, '.codex', '/elsewhere/codex', '/elsewhere/codex/sessions')).toBe(true);
    expect(isUncopied(histories, '.codex', '/elsewhere/codex', '/elsewhere/codex/skills/sessions')).toBe(
      false,
    );
    expect(isUncopied(histories, '.codex', '/elsewhere/codex', '/elsewhere/codex')).toBe(false);
    expect(isUncopied([], '.codex', '/h/.codex', '/h/.codex/plugins/x/.git')).toBe(true);
  });
});
