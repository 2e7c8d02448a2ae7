import { describe, expect, it } from 'vitest';
import { planInstall, planUninstall } from '../../src/install/install-plan.js';
import type { LockFile } from '../../src/install/lock-file.js';
import type { DiskState, PackFile } from '../../src/install/plan.js';
import { skillGenRuntime } from '../../src/runtimes/registry.js';

const sha = (c: string) => c.repeat(64);
const PATH = '.agents/skills/x/SKILL.md';
const OTHER = '.agents/skills/x/old.md';
const file = (content: string, executable = false): PackFile => ({
  path: PATH,
  source: `codex/${PATH}`,
  sha256: sha(content),
  executable,
});
const onDisk = (content: string, executable = false): DiskState => ({
  kind: 'file',
  sha256: sha(content),
  executable,
});

function lockWith(
  files: { path: string; content: string }[],
  name = 'pack',
  runtime: 'codex' | 'opencode' = 'codex',
): LockFile {
  return {
    lockfileVersion: 1,
    installs: [
      {
        pack: { name, version: '1.0.0' },
        runtime,
        scope: 'project',
        skills: [...new Set(files.map(({ path }) => path.split('/')[2]!))].sort(),
        files: files.map(({ path, content }) => ({ path, sha256: sha(content), executable: false })),
      },
    ],
  };
}
const EMPTY: LockFile = { lockfileVersion: 1, installs: [] };

function plan(options: {
  lock?: LockFile;
  disk?: Record<string, DiskState>;
  pack?: PackFile[];
  force?: boolean;
}) {
  return planInstall({
    pack: { name: 'pack', version: '2.0.0' },
    runtime: skillGenRuntime('codex'),
    scope: 'project',
    files: options.pack ?? [file('b')],
    lock: options.lock ?? EMPTY,
    disk: new Map(Object.entries(options.disk ?? {})),
    force: options.force ?? false,
  });
}

const only = (result: ReturnType<typeof plan>, path = PATH) => {
  const action = result.actions.find((candidate) => candidate.path === path)!;
  return { type: action.type, reason: action.reason };
};

describe('planInstall', () => {
  it.each([
    ['new file', {}, { type: 'write', reason: 'new' }],
    [
      'owned file deleted by a person',
      { lock: lockWith([{ path: PATH, content: 'a' }]) },
      { type: 'write', reason: 'restore' },
    ],
    [
      'same content, owned',
      { lock: lockWith([{ path: PATH, content: 'b' }]), disk: { [PATH]: onDisk('b') } },
      { type: 'keep', reason: 'unchanged' },
    ],
    [
      'same content, not owned',
      { disk: { [PATH]: onDisk('b') } },
      { type: 'keep', reason: 'adopt-identical' },
    ],
    [
      'owned and unchanged since install',
      { lock: lockWith([{ path: PATH, content: 'a' }]), disk: { [PATH]: onDisk('a') } },
      { type: 'replace', reason: 'update' },
    ],
    [
      'same content, wrong mode',
      { disk: { [PATH]: onDisk('b', true) } },
      { type: 'replace', reason: 'mode' },
    ],
    [
      'owned and edited',
      { lock: lockWith([{ path: PATH, content: 'a' }]), disk: { [PATH]: onDisk('c') } },
      { type: 'conflict', reason: 'modified' },
    ],
    [
      'owned and edited, --force',
      { lock: lockWith([{ path: PATH, content: 'a' }]), disk: { [PATH]: onDisk('c') }, force: true },
      { type: 'replace', reason: 'forced-modified' },
    ],
    ['foreign file', { disk: { [PATH]: onDisk('c') } }, { type: 'conflict', reason: 'foreign' }],
    [
      'foreign file, --force',
      { disk: { [PATH]: onDisk('c') }, force: true },
      { type: 'replace', reason: 'forced-foreign' },
    ],
    [
      'symlink, even with --force',
      { disk: { [PATH]: { kind: 'symlink' } }, force: true },
      { type: 'conflict', reason: 'symlink' },
    ],
    [
      'folder in the way',
      { disk: { [PATH]: { kind: 'directory' } }, force: true },
      { type: 'conflict', reason: 'not-a-file' },
    ],
    [
      'parent outside the root',
      { disk: { [PATH]: { kind: 'outside-root', resolved: '/etc' } }, force: true },
      { type: 'conflict', reason: 'outside-root' },
    ],
    [
      'owned by another pack',
      { lock: lockWith([{ path: PATH, content: 'b' }], 'other'), disk: { [PATH]: onDisk('b') }, force: true },
      { type: 'conflict', reason: 'owned-by-other' },
    ],
    [
      'owned by the same pack for another runtime',
      { lock: lockWith([{ path: PATH, content: 'b' }], 'pack', 'opencode'), disk: { [PATH]: onDisk('b') } },
      { type: 'conflict', reason: 'owned-by-other' },
    ],
  ] as const)('%s -> %j', (_label, options, expected) => {
    expect(only(plan(options as Parameters<typeof plan>[0]))).toEqual(expected);
  });

  it.each([
    ['unchanged', onDisk('old'), { type: 'delete', reason: 'removed-from-pack' }],
    ['edited by a person', onDisk('edited'), { type: 'release', reason: 'modified' }],
    ['already gone', { kind: 'missing' } as const, { type: 'release', reason: 'missing' }],
    ['replaced by a symlink', { kind: 'symlink' } as const, { type: 'release', reason: 'not-a-file' }],
  ] as const)('a file dropped from the pack that is %s -> %j', (_label, state, expected) => {
    const result = plan({
      lock: lockWith([
        { path: PATH, content: 'b' },
        { path: OTHER, content: 'old' },
      ]),
      disk: { [PATH]: onDisk('b'), [OTHER]: state },
    });
    expect(only(result, OTHER)).toEqual(expected);
  });

  it('records every pack file in the next lock, keeps other installs, and sorts actions by path', () => {
    const other = lockWith([{ path: '.opencode/skills/y/SKILL.md', content: 'y' }], 'other', 'opencode');
    const result = plan({
      lock: other,
      pack: [{ ...file('b'), path: '.agents/skills/x/z.md' }, file('b')],
    });
    expect(result.actions.map((action) => action.path)).toEqual([PATH, '.agents/skills/x/z.md']);
    expect(result.lock.installs).toHaveLength(2);
    expect(result.lock.installs[1]).toMatchObject({
      pack: { name: 'pack', version: '2.0.0' },
      runtime: 'codex',
    });
    expect(result.lockChanged).toBe(true);
    expect(result.changes).toBe(true);
    expect(result.conflicts).toBe(0);
  });

  it('is a no-op when the same version is installed and unchanged', () => {
    const lock: LockFile = { ...lockWith([{ path: PATH, content: 'b' }]) };
    const result = planInstall({
      pack: { name: 'pack', version: '1.0.0' },
      runtime: skillGenRuntime('codex'),
      scope: 'project',
      files: [file('b')],
      lock,
      disk: new Map([[PATH, onDisk('b')]]),
      force: false,
    });
    expect(result.changes).toBe(false);
    expect(result.lockChanged).toBe(false);
  });

  it('changes only the lock when a new version has identical files', () => {
    const result = plan({ lock: lockWith([{ path: PATH, content: 'b' }]), disk: { [PATH]: onDisk('b') } });
    expect(result.actions.map((action) => action.type)).toEqual(['keep']);
    expect(result.lockChanged).toBe(true);
    expect(result.changes).toBe(true);
  });
});

describe('planUninstall', () => {
  it('deletes unchanged files, releases changed and missing ones, and drops the install from the lock', () => {
    const lock = lockWith([
      { path: '.agents/skills/x/a.md', content: 'a' },
      { path: '.agents/skills/x/b.md', content: 'b' },
      { path: '.agents/skills/x/c.md', content: 'c' },
    ]);
    const result = planUninstall({
      installs: lock.installs,
      lock,
      disk: new Map<string, DiskState>([
        ['.agents/skills/x/a.md', onDisk('a')],
        ['.agents/skills/x/b.md', onDisk('edited')],
      ]),
    });
    expect(result.actions.map((action) => [action.path, action.type, action.reason])).toEqual([
      ['.agents/skills/x/a.md', 'delete', 'uninstall'],
      ['.agents/skills/x/b.md', 'release', 'modified'],
      ['.agents/skills/x/c.md', 'release', 'missing'],
    ]);
    expect(result.lock.installs).toEqual([]);
    expect(result.conflicts).toBe(0);
  });
});
