import { chmodSync, existsSync, mkdtempSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultHookStateDir, ensurePrivateDir, pruneStaleFiles } from '../../src/hooks/private-dir.js';

const fresh = () => mkdtempSync(join(tmpdir(), 'skillpack-private-'));

describe('ensurePrivateDir', () => {
  it('creates a missing folder with owner-only access', () => {
    const dir = join(fresh(), 'a', 'b');
    expect(ensurePrivateDir(dir)).toBe(true);
    expect(existsSync(dir)).toBe(true);
  });

  it.each([
    ['writable by others', (dir: string) => chmodSync(dir, 0o777), false],
    ['writable by the group', (dir: string) => chmodSync(dir, 0o770), false],
    ['readable by others', (dir: string) => chmodSync(dir, 0o755), true],
  ])('says a folder %s is private: %s', (_, change, expected) => {
    const dir = fresh();
    change(dir);
    expect(ensurePrivateDir(dir)).toBe(expected);
  });

  it('refuses a symlink and a file', () => {
    const link = join(fresh(), 'link');
    symlinkSync(fresh(), link);
    expect(ensurePrivateDir(link)).toBe(false);
    const file = join(fresh(), 'file');
    writeFileSync(file, '');
    expect(ensurePrivateDir(file)).toBe(false);
  });

  it('names a per-user temp folder unless SKILLPACK_HOOK_STATE_DIR is set', () => {
    expect(defaultHookStateDir({ SKILLPACK_HOOK_STATE_DIR: '/state' })).toBe('/state');
    expect(defaultHookStateDir({})).toBe(join(tmpdir(), `skillpack-hook-${process.getuid?.() ?? 'user'}`));
  });
});

describe('pruneStaleFiles', () => {
  it('removes only old files with the suffix', () => {
    const dir = fresh();
    const now = Date.now();
    const old = now / 1000 - 3 * 24 * 3600;
    for (const name of ['old.json', 'new.json', 'old.v8cache']) writeFileSync(join(dir, name), '{}');
    utimesSync(join(dir, 'old.json'), old, old);
    utimesSync(join(dir, 'old.v8cache'), old, old);
    pruneStaleFiles(dir, '.json', 1, now);
    expect(existsSync(join(dir, 'old.json'))).toBe(false);
    expect(existsSync(join(dir, 'new.json'))).toBe(true);
    expect(existsSync(join(dir, 'old.v8cache'))).toBe(true);
  });

  it('ignores a missing folder', () => {
    expect(() => pruneStaleFiles(join(fresh(), 'missing'), '.json', 1)).not.toThrow();
  });
});
