import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkPrivateDir,
  defaultHookStateDir,
  ensurePrivateDir,
  pruneStaleFiles,
  removeFile,
} from '../../src/hooks/private-dir.js';

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

  it.runIf(process.getuid?.() === 0)('refuses a folder another user created first', () => {
    const dir = join(fresh(), 'skillpack-hook-0');
    mkdirSync(dir, { mode: 0o700 });
    chownSync(dir, 65534, 65534);
    expect(checkPrivateDir(dir)).toEqual({
      usable: false,
      reason: `${dir} belongs to another user (uid 65534)`,
    });
  });

  it('narrows a folder of its own that others can read to 0700', () => {
    const dir = fresh();
    chmodSync(dir, 0o755);
    expect(checkPrivateDir(dir)).toEqual({ usable: true });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
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
  it('removes only old files with its own names, never anything else in the folder', () => {
    const dir = fresh();
    const now = Date.now();
    const old = now / 1000 - 3 * 24 * 3600;
    const names = [
      '0123456789abcdef.json',
      'fedcba9876543210.json',
      'skillpack-lock.json',
      'old.json',
      'x.v8cache',
    ];
    for (const name of names) {
      writeFileSync(join(dir, name), '{}');
      if (name !== 'fedcba9876543210.json') utimesSync(join(dir, name), old, old);
    }
    pruneStaleFiles(dir, /^[0-9a-f]{16}\.json$/, 1, now);
    expect(readdirSync(dir).sort()).toEqual([
      'fedcba9876543210.json',
      'old.json',
      'skillpack-lock.json',
      'x.v8cache',
    ]);
  });

  it('leaves a file of another user and a symlink alone, even with its own name', () => {
    const dir = fresh();
    const now = Date.now();
    const old = now / 1000 - 3 * 24 * 3600;
    writeFileSync(join(dir, 'target'), 'keep');
    symlinkSync(join(dir, 'target'), join(dir, '0123456789abcdef.json'));
    writeFileSync(join(dir, '1111111111111111.json'), '{}');
    utimesSync(join(dir, '1111111111111111.json'), old, old);
    if (process.getuid?.() === 0) chownSync(join(dir, '1111111111111111.json'), 65534, 65534);
    pruneStaleFiles(dir, /^[0-9a-f]{16}\.json$/, 1, now + 10 * 24 * 3600 * 1000);
    expect(readdirSync(dir).sort()).toEqual(
      process.getuid?.() === 0
        ? ['0123456789abcdef.json', '1111111111111111.json', 'target']
        : ['0123456789abcdef.json', 'target'],
    );
  });

  it('ignores a missing folder', () => {
    expect(() => pruneStaleFiles(join(fresh(), 'missing'), /\.json$/, 1)).not.toThrow();
  });
});

describe('removeFile', () => {
  /** What is at `name` in a fresh folder, for each thing the hook's state folder may hold. */
  const things: Record<string, (dir: string) => void> = {
    'a file': (dir) => writeFileSync(join(dir, 'x.block'), ''),
    'a link': (dir) => symlinkSync(join(dir, 'elsewhere'), join(dir, 'x.block')),
    nothing: () => {},
    'a folder': (dir) => mkdirSync(join(dir, 'x.block')),
  };
  const outcome = (remove: (path: string) => void, make: (dir: string) => void) => {
    const dir = fresh();
    make(dir);
    let threw = false;
    try {
      remove(join(dir, 'x.block'));
    } catch {
      threw = true;
    }
    return { threw, left: readdirSync(dir) };
  };

  it.each(Object.keys(things))('does to %s what rmSync with force does', (thing) => {
    const make = things[thing]!;
    expect(outcome(removeFile, make)).toEqual(outcome((path) => rmSync(path, { force: true }), make));
  });
});
