// Built-ins through `process.getBuiltinModule`: the code-cache loader, an ES module, runs this before the
// hook program, and an ESM import of `node:fs` would build its whole namespace (streams, promises) first.
const { chmodSync, lstatSync, mkdirSync, readdirSync, unlinkSync } = process.getBuiltinModule('node:fs');
const { join } = process.getBuiltinModule('node:path');

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

/** Whether a state folder can be used, and why not. */
export type PrivateDirState = { readonly usable: true } | { readonly usable: false; readonly reason: string };

const uid = () => (typeof process.getuid === 'function' ? process.getuid() : undefined);

/** Why a folder with `stat` is no place for state (see `checkPrivateDir`), or `undefined` when it is. */
function refusalOf(dir: string, stat: import('node:fs').Stats): string | undefined {
  if (stat.isSymbolicLink()) return `${dir} is a symbolic link`;
  if (!stat.isDirectory()) return `${dir} is not a folder`;
  if (process.platform === 'win32') return undefined;
  const me = uid();
  if (me !== undefined && stat.uid !== me) return `${dir} belongs to another user (uid ${stat.uid})`;
  if ((stat.mode & 0o022) !== 0)
    return `${dir} can be written by other users (mode ${(stat.mode & 0o777).toString(8)})`;
  return undefined;
}

/**
 * Create `dir` (mode 0700) if needed and say whether it is safe to keep state in: a real folder, not a
 * symlink, owned by this user, that no one else can write to. Shared temp folders let any local user create
 * `skillpack-hook-<uid>` first, so a folder someone else made is refused, never used. A folder of ours that
 * others can only read is narrowed to 0700.
 */
export function checkPrivateDir(dir: string): PrivateDirState {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = lstatSync(dir);
    const reason = refusalOf(dir, stat);
    if (reason !== undefined) return { usable: false, reason };
    if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) chmodSync(dir, 0o700);
    return { usable: true };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return { usable: false, reason: `${dir} cannot be created or read (${code})` };
  }
}

export function ensurePrivateDir(dir: string): boolean {
  return checkPrivateDir(dir).usable;
}

/**
 * Whether state may be read from `dir` as it is, judged as `checkPrivateDir` judges it but with nothing
 * created or changed (one `lstat`): `absent` when there is no folder yet, so nothing to read.
 */
export function readablePrivateDir(dir: string): 'usable' | 'absent' | 'refused' {
  try {
    return refusalOf(dir, lstatSync(dir)) === undefined ? 'usable' : 'refused';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'absent' : 'refused';
  }
}

/**
 * Remove the file or link at `path`, if any, as `rmSync(path, { force: true })` does (a folder there is an
 * error), without the recursive remover `rmSync` loads on its first call, which a blocked stop would pay for.
 */
export function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Remove the files in `dir` whose names match `ownName` (names only this hook writes), that are regular
 * files owned by this user, and that nothing touched for `maxAgeDays`: block counts of chains a session never
 * finished and code caches of older bundles. Anything else in the folder is never touched, so pointing
 * `SKILLPACK_HOOK_STATE_DIR` at a folder with other files loses none of them. Best effort.
 */
export function pruneStaleFiles(dir: string, ownName: RegExp, maxAgeDays: number, now = Date.now()): void {
  const me = uid();
  try {
    for (const name of readdirSync(dir)) {
      if (!ownName.test(name)) continue;
      const file = join(dir, name);
      try {
        const stat = lstatSync(file);
        if (!stat.isFile() || (me !== undefined && stat.uid !== me)) continue;
        if (now - stat.mtimeMs > maxAgeDays * DAY_MS) removeFile(file);
      } catch {
        // Another hook may have removed it first.
      }
    }
  } catch {
    // An unreadable folder keeps its files.
  }
}
