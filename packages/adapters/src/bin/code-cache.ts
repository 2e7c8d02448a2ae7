import {
  defaultHookStateDir,
  ensurePrivateDir,
  pruneStaleFiles,
  readablePrivateDir,
} from '../hooks/private-dir.js';
import { readSmallFileSync } from '../hooks/read-small-file.js';
import { PROGRAM_END, PROGRAM_START } from './program-markers.js';

// Built-ins come through `process.getBuiltinModule`: an ESM import of `node:fs` would also load
// `fs/promises` (and readline) to fill its namespace, a cost every hook run would pay.
const fs = process.getBuiltinModule('node:fs');
const path = process.getBuiltinModule('node:path');
const vm = process.getBuiltinModule('node:vm');

export { PROGRAM_END, PROGRAM_START };

/** `created` and `rejected` write the cache when the process exits. */
export type CodeCacheUse = 'off' | 'created' | 'used' | 'rejected';

type ProgramBody = (
  require: (id: string) => unknown,
  module: { exports: { warmUp?: unknown } },
  exports: unknown,
  filename: string,
  dirname: string,
) => void;

/** A program to run: its source, wrapped as a CommonJS body, and the key of its code cache. */
export interface Program {
  readonly source: string;
  /** The build-time hash of `source` plus the file's identity, so any later edit gets a cache of its own. */
  readonly key: string;
}

/** The bytes read from a bundle's end first, and the factor the read grows by until it holds the program. */
const TAIL_BYTES = 64 * 1024;
const TAIL_GROWTH = 8;

/** The program `marker` opens in `text`, and its hash, when `text` holds all of it. */
function carriedIn(text: string, marker: string): { hash: string; source: string } | undefined {
  const start = text.lastIndexOf(marker);
  const lineEnd = start < 0 ? -1 : text.indexOf('\n', start);
  const end = lineEnd < 0 ? -1 : text.indexOf(PROGRAM_END, lineEnd);
  if (end < 0) return undefined;
  return { hash: text.slice(start + marker.length, lineEnd).trim(), source: text.slice(lineEnd + 1, end) };
}

/** The bytes of `fd` from `start` to `size`, as latin1 text. */
function readFrom(fd: number, start: number, size: number): string {
  const bytes = Buffer.allocUnsafe(size - start);
  let length = 0;
  while (length < bytes.length) {
    const read = fs.readSync(fd, bytes, length, bytes.length - length, start + length);
    if (read === 0) break;
    length += read;
  }
  return bytes.toString('latin1', 0, length);
}

/**
 * The program a bundle carries after its code: `/*skillpack-program <hash>` on a line, then a CommonJS body
 * wrapped as `(function (require, module, exports, __filename, __dirname) { … })`, then the comment's end.
 * Kept in a comment, the program costs the loader's parse a skip instead of a parse. `marker` picks the
 * second program a bundle may carry (`SECOND_PROGRAM_START`). The file is read from its end, as far back as
 * the last program it carries with `marker` begins (a bundle's first program is its last bytes), with one
 * open for the bytes and the file's identity.
 */
export function readProgram(filename: string, marker = PROGRAM_START): Program {
  const fd = fs.openSync(filename, 'r');
  try {
    const stat = fs.fstatSync(fd);
    for (let tail = TAIL_BYTES; ; tail *= TAIL_GROWTH) {
      const start = Math.max(0, stat.size - tail);
      const carried = carriedIn(readFrom(fd, start, stat.size), marker);
      if (carried !== undefined) return { source: carried.source, key: keyOf(carried.hash, stat) };
      if (start === 0) throw new Error(`${filename} carries no program.`);
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** A code cache's key: the program's build-time hash and the identity of the file that carries it. */
function keyOf(hash: string, stat: import('node:fs').Stats): string {
  return `${hash}-${stat.size}-${Math.trunc(stat.mtimeMs)}-${stat.ino}`;
}

/** A code cache's key: the program's build-time hash and the identity of the file that carries it. */
export function programKey(hash: string, filename: string): string {
  return keyOf(hash, fs.statSync(filename));
}

/**
 * Where compiled code is cached, or nothing when caching is off or the folder is not private. The key must
 * change with the source: V8 checks only the source's length against a cache, so a cache of other code of
 * the same length would run as if it were this code. The folder is only looked at here (a missing one has
 * no cache to read); writing the cache creates it (`ensurePrivateDir`).
 */
export function codeCacheFile(key: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.SKILLPACK_HOOK_CODE_CACHE === '0') return undefined;
  const dir = defaultHookStateDir(env);
  if (readablePrivateDir(dir) === 'refused') return undefined;
  return path.join(dir, `code-${key}-${process.version}-${process.arch}.v8cache`);
}

/** The program's `require`: a bundle imports nothing but Node built-ins (its build checks that). */
function requireBuiltin(id: string): unknown {
  const builtin = process.getBuiltinModule(id);
  if (builtin === undefined)
    throw new Error(`The bundled program asked for "${id}", which is not a Node built-in.`);
  return builtin;
}

/** The only names the cache writes, and so the only ones its clean-up may remove. */
const CACHE_FILE = /^code-[0-9A-Za-z._-]+\.v8cache(\.\d+\.tmp)?$/;
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

/** Read before the hook's deadline starts, so it must never block: a FIFO or link there is no cache. */
function readCache(file: string | undefined): Buffer | undefined {
  return file === undefined ? undefined : readSmallFileSync(file, MAX_CACHE_BYTES);
}

function writeCache(file: string, script: import('node:vm').Script, warmUp: unknown): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    if (typeof warmUp === 'function') warmUp();
    if (!ensurePrivateDir(path.dirname(file))) return;
    fs.writeFileSync(temporary, script.createCachedData(), { mode: 0o600, flag: 'wx' });
    fs.renameSync(temporary, file);
    pruneStaleFiles(path.dirname(file), CACHE_FILE, 30);
  } catch {
    fs.rmSync(temporary, { force: true });
  }
}

/** What loading a carried program gave: how the code cache was used, and what the program exported. */
export interface LoadedProgram {
  readonly use: CodeCacheUse;
  readonly exports: Readonly<Record<string, unknown>>;
}

/**
 * `runWithCodeCache`, returning the program's exports as well: for a bundle whose program is a library its
 * caller drives (the bundled `skillpack parse`, whose bin calls the function the program exports; a pack
 * hook's fast path, which loads the second program it carries, the whole hook, by `marker`).
 */
export function loadWithCodeCache(
  filename: string,
  env = process.env,
  marker = PROGRAM_START,
): LoadedProgram {
  return loadProgram(readProgram(filename, marker), filename, env);
}

/**
 * Run `program` with V8's code cache (as `loadWithCodeCache` does the one a bundle carries in a comment) and
 * return its exports: for a program carried otherwise (a CLI command's, as a string, see `bundleCommand`).
 * `filename` is the file that carries it.
 */
export function loadProgram(program: Program, filename: string, env = process.env): LoadedProgram {
  const cacheFile = codeCacheFile(program.key, env);
  const cachedData = readCache(cacheFile);
  const script = new vm.Script(program.source, { filename, ...(cachedData ? { cachedData } : {}) });
  let use: CodeCacheUse = 'off';
  if (cacheFile !== undefined) {
    if (cachedData === undefined) use = 'created';
    else use = script.cachedDataRejected ? 'rejected' : 'used';
  }
  const body = script.runInThisContext() as ProgramBody;
  const module: { exports: { warmUp?: unknown } } = { exports: {} };
  if (cacheFile !== undefined && use !== 'used') {
    process.once('exit', () => writeCache(cacheFile, script, module.exports.warmUp));
  }
  body(requireBuiltin, module, module.exports, filename, path.dirname(filename));
  return { use, exports: module.exports };
}

/**
 * Run the program a bundle carries with V8's code cache, as Node 22's module compile cache does (Node 20
 * has none). The first run compiles normally and, on exit, calls the program's `warmUp` export (pure code
 * paths it did not take) and stores the compiled code in the hook's private state folder; later runs of
 * the same file on the same Node skip most parsing and compiling. A missing, stale or rejected cache only
 * means a normal compile. `filename` is the bundle's own path (a CommonJS loader's `__filename`).
 */
export function runWithCodeCache(filename: string, env = process.env): CodeCacheUse {
  return loadWithCodeCache(filename, env).use;
}
