import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
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
  it('writes, reads and clears a private state file', async () => {
    const dir = join(freshDir(), 'state');
    const counter = createFileBlockCounter('k1', dir);
    expect(await counter.read()).toBe(0);
    await counter.write(2);
    expect(await counter.read()).toBe(2);
    expect(JSON.parse(readFileSync(join(dir, 'k1.json'), 'utf8'))).toEqual({ blocks: 2 });
    await counter.clear();
    expect(await counter.read()).toBe(0);
    await counter.clear();
  });

  it.each([
    ['not json', 0],
    ['{"blocks":-1}', 0],
    ['{"blocks":1.5}', 0],
    ['{"blocks":"3"}', 0],
    ['[3]', 0],
    ['{"blocks":99999}', 1000],
    ['{"__proto__":{"blocks":5}}', 0],
  ] as const)('reads %j as %i', async (content, expected) => {
    const dir = freshDir();
    writeFileSync(join(dir, 'k.json'), content);
    expect(await createFileBlockCounter('k', dir).read()).toBe(expected);
    expect(({} as Record<string, unknown>).blocks).toBeUndefined();
  });

  it('refuses a directory that others can write to', async () => {
    const dir = freshDir();
    chmodSync(dir, 0o777);
    writeFileSync(join(dir, 'k.json'), '{"blocks":1}');
    const counter = createFileBlockCounter('k', dir);
    expect(await counter.read()).toEqual({
      unusable: expect.stringContaining('can be written by other users'),
    });
    expect(await counter.write(3)).toEqual({ unusable: expect.stringContaining('mode 777') });
    expect(readFileSync(join(dir, 'k.json'), 'utf8')).toBe('{"blocks":1}');
  });

  it('refuses a symlinked directory', async () => {
    const real = freshDir();
    writeFileSync(join(real, 'k.json'), '{"blocks":1}');
    const link = join(freshDir(), 'link');
    symlinkSync(real, link);
    expect(await createFileBlockCounter('k', link).read()).toEqual({
      unusable: `${link} is a symbolic link`,
    });
  });

  it('says the state is unusable when the directory cannot be created', async () => {
    const parent = freshDir();
    writeFileSync(join(parent, 'file'), '');
    const counter = createFileBlockCounter('k', join(parent, 'file', 'state'));
    expect(await counter.write(1)).toEqual({ unusable: expect.stringContaining('cannot be created') });
    expect(await counter.read()).toEqual({ unusable: expect.stringContaining('ENOTDIR') });
  });

  it('reads a FIFO or a symlink at the counter file as no record, without blocking', async () => {
    const dir = freshDir();
    chmodSync(dir, 0o700);
    expect(spawnSync('mkfifo', [join(dir, 'fifo.json')]).status).toBe(0);
    writeFileSync(join(dir, 'target'), '{"blocks":7}');
    symlinkSync(join(dir, 'target'), join(dir, 'link.json'));
    expect(await createFileBlockCounter('fifo', dir).read()).toBe(0);
    expect(await createFileBlockCounter('link', dir).read()).toBe(0);
  });

  it('reports a write that cannot land (something in the way of the file)', async () => {
    const dir = freshDir();
    chmodSync(dir, 0o700);
    mkdirSync(join(dir, 'k.json', 'inside'), { recursive: true });
    expect(await createFileBlockCounter('k', dir).write(1)).toEqual({
      unusable: expect.stringContaining('cannot be written'),
    });
    expect(readdirSync(dir)).toEqual(['k.json']);
  });

  it('creates the directory private', async () => {
    const dir = join(freshDir(), 'nested', 'state');
    mkdirSync(join(dir, '..'), { recursive: true });
    await createFileBlockCounter('k', dir).write(1);
    await expect(createFileBlockCounter('k', dir).read()).resolves.toBe(1);
  });
});

describe('defaultBlockStateDir', () => {
  it('honours SKILLPACK_HOOK_STATE_DIR, else a per-user temp folder', () => {
    expect(defaultBlockStateDir({ SKILLPACK_HOOK_STATE_DIR: '/x/y' })).toBe('/x/y');
    expect(defaultBlockStateDir({})).toMatch(/skillpack-hook-\w+$/);
  });
});

describe('createMemoryBlockCounterFactory', () => {
  it('keeps one count per chain', async () => {
    const factory = createMemoryBlockCounterFactory();
    await factory('a').write(2);
    expect(await factory('a').read()).toBe(2);
    expect(await factory('b').read()).toBe(0);
    await factory('a').clear();
    expect(await factory('a').read()).toBe(0);
  });
});
