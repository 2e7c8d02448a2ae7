import { lstatSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** `os.tmpdir()` without loading `node:os` on POSIX (the hook's start-up time counts). */
function temporaryDir(env: NodeJS.ProcessEnv): string {
  if (process.platform === 'win32') return process.getBuiltinModule('node:os').tmpdir();
  const dir = env.TMPDIR || env.TMP || env.TEMP || '/tmp';
  return dir.length > 1 && dir.endsWith('/') ? dir.slice(0, -1) : dir;
}

/**
 * The hook's own state folder: `$SKILLPACK_HOOK_STATE_DIR`, else `<tmpdir>/skillpack-hook-<uid>`. It holds
 * the block counts of stop chains and the bundle's compiled-code cache.
 */
export function defaultHookStateDir(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.SKILLPACK_HOOK_STATE_DIR;
  if (configured) return configured;
  const uid = typeof process.getuid === 'function' ? String(process.getuid()) : 'user';
  return join(temporaryDir(env), `skillpack-hook-${uid}`);
}

/**
 * Create `dir` if needed and say whether it is safe to keep state in: a real directory (not a symlink)
 * owned by this user that no one else can write to, since shared temp folders let others plant files.
 */
export function ensurePrivateDir(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = lstatSync(dir);
    if (!stat.isDirectory() || stat.isSymbolicLink()) return false;
    if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) return false;
    return process.platform === 'win32' || (stat.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Remove files in `dir` ending in `suffix` that nothing touched for `maxAgeDays`: block counts of chains a
 * session never finished and code caches of older bundles. Best effort; called only when writing.
 */
export function pruneStaleFiles(dir: string, suffix: string, maxAgeDays: number, now = Date.now()): void {
  try {
    for (const name of readdirSync(dir)) {
      if (!name.endsWith(suffix)) continue;
      const file = join(dir, name);
      try {
        if (now - statSync(file).mtimeMs > maxAgeDays * DAY_MS) rmSync(file, { force: true });
      } catch {
        // Another hook may have removed it first.
      }
    }
  } catch {
    // An unreadable folder keeps its files.
  }
}
