import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { defaultHookStateDir, ensurePrivateDir, pruneStaleFiles } from '../hooks/private-dir.js';

/** `created` and `rejected` write the cache when the process exits. */
export type CodeCacheUse = 'off' | 'created' | 'used' | 'rejected';

type ProgramBody = (
  require: NodeJS.Require,
  module: { exports: unknown },
  exports: unknown,
  filename: string,
  dirname: string,
) => void;

/**
 * Where the compiled code of `source` is cached, or nothing when caching is off or the folder is not private.
 * The name holds a hash of the source itself: V8 checks only the length of the source against a cache, so
 * a cache of other code with the same length would run as if it were this code.
 */
export function codeCacheFile(source: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.SKILLPACK_HOOK_CODE_CACHE === '0') return undefined;
  const dir = defaultHookStateDir(env);
  if (!ensurePrivateDir(dir)) return undefined;
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 32);
  return join(dir, `code-${hash}-${process.version}-${process.arch}.v8cache`);
}

function readCache(file: string | undefined): Buffer | undefined {
  try {
    return file === undefined ? undefined : readFileSync(file);
  } catch {
    return undefined;
  }
}

function writeCache(file: string, script: Script): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
    renameSync(temporary, file);
    pruneStaleFiles(dirname(file), '.v8cache', 30);
  } catch {
    rmSync(temporary, { force: true });
  }
}

/**
 * Run a CommonJS bundle wrapped as `(function (require, module, exports, __filename, __dirname) { … })`
 * with V8's code cache, as Node 22's module compile cache does (Node 20 has none). The first run compiles
 * normally and, on exit, stores the compiled code (with the functions that run needed) in the hook's
 * private state folder; later runs of the same source on the same Node skip most parsing and compiling.
 * A missing, stale or rejected cache only means a normal compile.
 */
export function runWithCodeCache(source: string, moduleUrl: string, env = process.env): CodeCacheUse {
  const filename = fileURLToPath(moduleUrl);
  const cacheFile = codeCacheFile(source, env);
  const cachedData = readCache(cacheFile);
  const script = new Script(source, { filename, ...(cachedData ? { cachedData } : {}) });
  let use: CodeCacheUse = 'off';
  if (cacheFile !== undefined) {
    if (cachedData === undefined) use = 'created';
    else use = script.cachedDataRejected ? 'rejected' : 'used';
    if (use !== 'used') process.once('exit', () => writeCache(cacheFile, script));
  }
  const body = script.runInThisContext() as ProgramBody;
  const module = { exports: {} };
  body(createRequire(moduleUrl), module, module.exports, filename, dirname(filename));
  return use;
}
