import { ProtocolError } from '@skillpack/core';
import { describe, expect, it } from 'vitest';
import { emptyLockFile, type LockFile, serializeLockFile } from '../../src/install/lock-file.js';
import { targetPathFor } from '../../src/install/runtime-layout.js';
import { unsafePathReason } from '../../src/install/safe-path.js';
import { skillGenRuntime } from '../../src/runtimes/registry.js';
import { safeParseLockFile } from '../../src/runtimes/runtime-install.js';

const FILE = '/project/skillpack-lock.json';
const SHA = 'a'.repeat(64);

const lock: LockFile = {
  lockfileVersion: 1,
  installs: [
    {
      pack: { name: 'zeta', version: '1.0.0' },
      runtime: 'opencode',
      scope: 'project',
      skills: ['z'],
      files: [{ path: '.opencode/skills/z/SKILL.md', sha256: SHA, executable: false }],
    },
    {
      pack: { name: 'alpha', version: '2.0.0' },
      runtime: 'claude-code',
      scope: 'project',
      skills: ['a'],
      files: [
        { path: '.claude/skills/a/b.md', sha256: SHA, executable: true },
        { path: '.claude/skills/a/SKILL.md', sha256: SHA, executable: false },
      ],
    },
  ],
};

describe('lock file', () => {
  it('serialises sorted (installs by runtime then pack, files by path, keys), with LF and no timestamps', () => {
    const text = serializeLockFile(lock);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).not.toContain('\r');
    const parsed = JSON.parse(text);
    expect(Object.keys(parsed)).toEqual(['installs', 'lockfileVersion']);
    expect(parsed.installs.map((install: { pack: { name: string } }) => install.pack.name)).toEqual([
      'alpha',
      'zeta',
    ]);
    expect(parsed.installs[0].files.map((file: { path: string }) => file.path)).toEqual([
      '.claude/skills/a/SKILL.md',
      '.claude/skills/a/b.md',
    ]);
    expect(serializeLockFile(JSON.parse(text))).toBe(text);
  });

  it('round-trips through safeParseLockFile', () => {
    const parsed = safeParseLockFile(serializeLockFile(lock), FILE);
    expect(parsed.success && serializeLockFile(parsed.data)).toBe(serializeLockFile(lock));
    expect(safeParseLockFile(serializeLockFile(emptyLockFile()), FILE).success).toBe(true);
  });

  const valid = JSON.parse(serializeLockFile(lock));
  const withInstall = (patch: Record<string, unknown>) =>
    JSON.stringify({ ...valid, installs: [{ ...valid.installs[0], ...patch }] });
  let deep = '0';
  for (let i = 0; i < 50_000; i++) deep = `[${deep}]`;

  it.each([
    ['undefined', undefined],
    ['a number', 42],
    ['an empty string', ''],
    ['a lone brace', '{'],
    ['an array', '[]'],
    ['null', 'null'],
    ['a multi-MB string', `"${'x'.repeat(4_000_000)}"`],
    ['deeply nested JSON', deep],
    ['a __proto__ key', '{"__proto__":{"polluted":true},"lockfileVersion":1,"installs":[]}'],
    ['a lone surrogate', '{"lockfileVersion":1,"installs":[],"x":"\ud800"}'],
    ['CRLF JSON with an extra key', '{\r\n"lockfileVersion":1,\r\n"installs":[],\r\n"extra":1\r\n}'],
    ['a future version', '{"lockfileVersion":2,"installs":[]}'],
    ['an unknown runtime', withInstall({ runtime: 'cursor' })],
    [
      'a Codex plugin table on an install of another runtime',
      withInstall({
        codexPlugin: { file: '.codex/config.toml', id: 'zeta@zeta', prefix: '\n', createdFile: false },
      }),
    ],
    [
      'a Codex plugin table with bytes before it skillpack never writes',
      withInstall({
        runtime: 'codex',
        scope: 'user',
        files: [],
        skills: [],
        codexPlugin: { file: '.codex/config.toml', id: 'zeta@zeta', prefix: '# mine\n', createdFile: false },
      }),
    ],
    [
      'a traversal path',
      withInstall({ files: [{ path: '../../etc/passwd', sha256: SHA, executable: false }] }),
    ],
    ['an absolute path', withInstall({ files: [{ path: '/etc/passwd', sha256: SHA, executable: false }] })],
    ['a bad sha256', withInstall({ files: [{ path: 'a', sha256: 'nope', executable: false }] })],
    ['a pack recorded twice', JSON.stringify({ ...valid, installs: [valid.installs[0], valid.installs[0]] })],
    [
      'a file owned twice',
      JSON.stringify({
        ...valid,
        installs: [valid.installs[0], { ...valid.installs[1], files: valid.installs[0].files }],
      }),
    ],
  ] as const)('rejects %s with a typed lock_file_corrupt naming the file', (_label, text) => {
    const result = safeParseLockFile(text, FILE);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error).toBeInstanceOf(ProtocolError);
    expect(result.error.code).toBe('lock_file_corrupt');
    expect(result.error.message).toContain(FILE);
    expect(result.error.message.length).toBeLessThan(1_000);
    expect(result.error.details.file).toBe(FILE);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('unsafePathReason', () => {
  it.each([
    ['.claude/skills/a/SKILL.md', undefined],
    ['a/b.c/d', undefined],
    ['', 'is empty'],
    ['/abs', 'is absolute'],
    ['a/../b', 'contains a `..` segment'],
    ['..', 'contains a `..` segment'],
    ['a/./b', 'contains an empty or `.` segment'],
    ['a//b', 'contains an empty or `.` segment'],
    ['a/', 'contains an empty or `.` segment'],
    ['C:/x', 'starts with a Windows drive letter'],
    ['c:x', 'starts with a Windows drive letter'],
    ['\\\\srv\\share', 'is a UNC path'],
    ['//srv/share', 'is a UNC path'],
    ['a\\b', 'contains a backslash'],
    ['a\u0000b', 'contains a NUL byte'],
    ['~/x', 'starts with ~'],
  ] as const)('%j -> %j', (path, expected) => {
    expect(unsafePathReason(path)).toBe(expected);
  });
});

describe('targetPathFor (layout.md install mapping)', () => {
  it.each([
    ['claude-code', 'project', 'claude-code/.claude/skills/x/SKILL.md', '.claude/skills/x/SKILL.md'],
    ['claude-code', 'user', 'claude-code/.claude/skills/x/SKILL.md', '.claude/skills/x/SKILL.md'],
    ['claude-code', 'project', 'claude-code/plugin/skills/x/SKILL.md', undefined],
    ['claude-code', 'project', 'claude-code/.claude-plugin/marketplace.json', undefined],
    ['claude-code', 'project', 'codex/.agents/skills/x/SKILL.md', undefined],
    ['codex', 'project', 'codex/.agents/skills/x/agents/openai.yaml', '.agents/skills/x/agents/openai.yaml'],
    ['codex', 'user', 'codex/.agents/skills/x/SKILL.md', '.agents/skills/x/SKILL.md'],
    ['codex', 'project', 'codex/.agents/plugins/marketplace.json', undefined],
    ['codex', 'project', 'codex/plugin/.codex-plugin/plugin.json', undefined],
    ['opencode', 'project', 'opencode/.opencode/skills/x/SKILL.md', '.opencode/skills/x/SKILL.md'],
    ['opencode', 'project', 'opencode/.opencode/plugins/p.js', '.opencode/plugins/p.js'],
    ['opencode', 'user', 'opencode/.opencode/skills/x/SKILL.md', '.config/opencode/skills/x/SKILL.md'],
    ['opencode', 'user', 'opencode/.opencode/plugins/p.json', '.config/opencode/plugins/p.json'],
    ['opencode', 'project', 'portable/skills/x/SKILL.md', undefined],
  ] as const)('%s %s: %s -> %s', (runtime, scope, path, expected) => {
    expect(targetPathFor(skillGenRuntime(runtime), scope, path)).toBe(expected);
  });
});

describe('lock entries name only their own pack', () => {
  const entry = (runtime: string, scope: string, skills: string[], paths: string[]) =>
    JSON.stringify({
      lockfileVersion: 1,
      installs: [
        {
          pack: { name: 'demo-pack', version: '1.0.0' },
          runtime,
          scope,
          skills,
          files: paths.map((path) => ({ path, sha256: SHA, executable: false })),
        },
      ],
    });

  it.each([
    ['claude-code', 'project', ['demo'], '.claude/skills/demo/SKILL.md'],
    ['claude-code', 'project', [], '.claude/hooks/demo-pack/skillpack-hook.cjs'],
    ['codex', 'project', [], '.codex/hooks/demo-pack/skillpack-hook.cjs'],
    ['codex', 'user', [], '.codex/plugins/cache/demo-pack/demo-pack/1.0.0/skills/demo/SKILL.md'],
    ['opencode', 'project', [], '.opencode/plugins/demo-pack.js'],
    ['opencode', 'user', [], '.config/opencode/plugins/demo-pack.json'],
  ])('%s %s: accepts %j', (runtime, scope, skills, path) => {
    const parsed = safeParseLockFile(entry(runtime, scope, skills, [path]), FILE);
    expect(parsed.success, parsed.success ? '' : parsed.error.message).toBe(true);
  });

  it.each([
    ['claude-code', 'project', ['demo'], '.claude/skills/mine/SKILL.md'],
    ['claude-code', 'project', [], '.claude/hooks/guard.sh'],
    ['claude-code', 'project', [], '.claude/hooks/demo-pack/other.sh'],
    ['codex', 'project', [], '.codex/hooks/other-pack/skillpack-hook.cjs'],
    ['codex', 'user', [], '.codex/plugins/cache/other-pack/other-pack/1.0.0/skills/x/SKILL.md'],
    ['codex', 'user', [], '.codex/plugins/cache/demo-pack/demo-pack/2.0.0/skills/x/SKILL.md'],
    ['codex', 'project', [], '.codex/plugins/cache/demo-pack/demo-pack/1.0.0/skills/x/SKILL.md'],
    ['opencode', 'project', [], '.opencode/plugins/mine.js'],
  ])('%s %s: refuses %j as corrupt', (runtime, scope, skills, path) => {
    const parsed = safeParseLockFile(entry(runtime, scope, skills, [path]), FILE);
    expect(parsed.success).toBe(false);
    if (!parsed.success) {
      expect(parsed.error.code).toBe('lock_file_corrupt');
      expect(parsed.error.message).toContain(path);
    }
  });
});
