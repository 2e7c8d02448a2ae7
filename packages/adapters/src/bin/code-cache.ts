import { defaultHookStateDir, ensurePrivateDir, pruneStaleFiles } from '../hooks/private-dir.js';
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

/**
 * The program a bundle carries after its code: `/*skillpack-program <hash>` on a line, then a CommonJS body
 * wrapped as `(function (require, module, exports, __filename, __dirname) { … })`, then the comment's end.
 * Kept in a comment, the program costs the loader's parse a skip instead of a parse. `marker` picks the
 * second program a bundle may carry (`SECOND_PROGRAM_START`).
 */
export function readProgram(filename: string, marker = PROGRAM_START): Program {
  const text = fs.readFileSync(filename, 'latin1');
  const start = text.lastIndexOf(marker);
  const lineEnd = start < 0 ? -1 : text.indexOf('\n', start);
  const end = lineEnd < 0 ? -1 : text.indexOf(PROGRAM_END, lineEnd);
  if (end < 0) throw new Error(`${filename} carries no program.`);
  const hash = text.slice(start + marker.length, lineEnd).trim();
  return { source: text.slice(lineEnd + 1, end), key: programKey(hash, filename) };
}

/** A code cache's key: the program's build-time hash and the identity of the file that carries it. */
export function programKey(hash: string, filename: string): string {
  const stat = fs.statSync(filename);
  return `${hash}-${stat.size}-${Math.trunc(stat.mtimeMs)}-${stat.ino}`;
}

/**
 * Where compiled code is cached, or nothing when caching is off or the folder is not private. The key must
 * change with the source: V8 checks only the source's length against a cache, so a cache of other code of
 * the same length would run as if it were this code.
 */
export function codeCacheFile(key: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.SKILLPACK_HOOK_CODE_CACHE === '0') return undefined;
  const dir = defaultHookStateDir(env);
  if (!ensurePrivateDir(dir)) return undefined;
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
