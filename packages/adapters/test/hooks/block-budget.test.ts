import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  blockChainKey,
  createFileBlockCounter,
  createMemoryBlockCounterFactory,
  defaultBlockStateDir,
} from '../../src/hooks/block-budget.js';
import type { StopHookEvent } from '../../src/hooks/stop-event.js';

const event: StopHookEvent = {
  runtime: 'claude-code',
  hookEventName: 'Stop',
  sessionId: 'abc123',
  agentId: undefined,
  stopHookActive: true,
  lastAssistantMessage: 'done',
  transcriptPath: undefined,
};

function freshDir(): string {
  return mkdtempSync(join(tmpdir(), 'skillpack-budget-test-'));
}

describe('blockChainKey', () => {
  it('is a stable file-name-safe hash of the chain identity', () => {
    const key = blockChainKey(event, ['b.x', 'a.y']);
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(blockChainKey(event, ['a.y', 'b.x'])).toBe(key);
  });

  it.each([
    { sessionId: 'other' },
    { agentId: 'def456' },
    { hookEventName: 'SubagentStop' },
    { runtime: 'codex' as const },
  ])('changes with %j', (change) => {
    expect(blockChainKey({ ...event, ...change }, ['a.y'])).not.toBe(blockChainKey(event, ['a.y']));
  });

  it('does not let a hostile session id reach the file name', () => {
    expect(blockChainKey({ ...event, sessionId: '../../etc/passwd' }, [])).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('createFileBlockCounter', () => {
  it('takes each block once, one empty private file per block, and clears them', async () => {
    const dir = join(freshDir(), 'state');
    const counter = createFileBlockCounter('k1', dir);
    expect(await counter.claim(1)).toBe(true);
    expect(await counter.claim(1)).toBe(false);
    expect(await createFileBlockCounter('k1', dir).claim(2)).toBe(true);
    expect(await createFileBlockCounter('k2', dir).claim(1)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['k1.1.block', 'k1.2.block', 'k2.1.block']);
    expect(statSync(join(dir, 'k1.1.block')).mode & 0o777).toBe(0o600);
    await counter.clear();
    expect(readdirSync(dir)).toEqual(['k2.1.block']);
    expect(await counter.claim(1)).toBe(true);
    await counter.clear();
    await counter.clear();
  });

  it('clears only its own chain, never a file it did not write', async () => {
    const dir = freshDir();
    chmodSync(dir, 0o700);
    for (const name of ['k.notes', 'k.x.block', 'kk.1.block', 'other.txt'])
      writeFileSync(join(dir, name), '');
    const counter = createFileBlockCounter('k', dir);
    await counter.claim(3);
    await counter.clear();
    expect(readdirSync(dir).sort()).toEqual(['k.notes', 'k.x.block', 'kk.1.block', 'other.txt']);
  });

  it('refuses a directory that others can write to', async () => {
    const dir = freshDir();
    chmodSync(dir, 0o777);
    const counter = createFileBlockCounter('k', dir);
    expect(await counter.claim(1)).toEqual({ unusable: expect.stringContaining('mode 777') });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a symlinked directory', async () => {
    const real = freshDir();
    const link = join(freshDir(), 'link');
    symlinkSync(real, link);
    expect(await createFileBlockCounter('k', link).claim(1)).toEqual({
      unusable: `${link} is a symbolic link`,
    });
  });

  it('says the state is unusable when the directory cannot be created', async () => {
    const parent = freshDir();
    writeFileSync(join(parent, 'file'), '');
    const counter = createFileBlockCounter('k', join(parent, 'file', 'state'));
    expect(await counter.claim(1)).toEqual({ unusable: expect.stringContaining('ENOTDIR') });
  });

  it.each([
    ['a folder', (path: string) => mkdirSync(path)],
    ['a FIFO', (path: string) => expect(spawnSync('mkfifo', [path]).status).toBe(0)],
    ['a symlink', (path: string) => symlinkSync(join(path, '..', 'target'), path)],
  ])('reports %s at a block file as unusable state, not as a block taken', async (_name, make) => {
    const dir = freshDir();
    chmodSync(dir, 0o700);
    writeFileSync(join(dir, 'target'), '');
    make(join(dir, 'k.1.block'));
    expect(await createFileBlockCounter('k', dir).claim(1)).toEqual({
      unusable: expect.stringContaining('something else is in the way'),
    });
  });

  it('creates the directory private', async () => {
    const dir = join(freshDir(), 'nested', 'state');
    mkdirSync(join(dir, '..'), { recursive: true });
    expect(await createFileBlockCounter('k', dir).claim(1)).toBe(true);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(await createFileBlockCounter('k', dir).claim(1)).toBe(false);
  });

  it('of many concurrent claims of one block, exactly one wins', async () => {
    const dir = freshDir();
    chmodSync(dir, 0o700);
    const claims = await Promise.all(
      Array.from({ length: 20 }, () => createFileBlockCounter('k', dir).claim(2)),
    );
    expect(claims.filter((taken) => taken === true)).toHaveLength(1);
    expect(claims.filter((taken) => taken === false)).toHaveLength(19);
  });
});

describe('defaultBlockStateDir', () => {
  it('honours SKILLPACK_HOOK_STATE_DIR, else a per-user temp folder', () => {
    expect(defaultBlockStateDir({ SKILLPACK_HOOK_STATE_DIR: '/x/y' })).toBe('/x/y');
    expect(defaultBlockStateDir({})).toMatch(/skillpack-hook-\w+$/);
  });
});

describe('createMemoryBlockCounterFactory', () => {
  it('takes each block of a chain once', async () => {
    const factory = createMemoryBlockCounterFactory();
    expect(await factory('a').claim(2)).toBe(true);
    expect(await factory('a').claim(2)).toBe(false);
    expect(await factory('b').claim(2)).toBe(true);
    await factory('a').clear();
    expect(await factory('a').claim(2)).toBe(true);
  });
});
