import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const CODE_CACHE = fileURLToPath(new URL('../../dist/bin/code-cache.js', import.meta.url));

/** A wrapped CommonJS program that writes what it sees, padded so two programs can share a length. */
function program(label: string): string {
  return `(function (require, module, exports, __filename, __dirname) { require('node:fs').writeFileSync(process.env.OUT, ${JSON.stringify(label)} + ' ' + typeof module.exports + ' ' + require('node:path').basename(__filename)); })`;
}

/** Run `source` through `runWithCodeCache` in a fresh Node process, as the hook bundle does. */
function runProgram(source: string, stateDir: string, env: NodeJS.ProcessEnv = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'skillpack-code-cache-'));
  const entry = join(dir, 'entry.mjs');
  writeFileSync(
    entry,
    `import { runWithCodeCache } from ${JSON.stringify(pathToFileURL(CODE_CACHE).href)};\nprocess.stdout.write(runWithCodeCache(${JSON.stringify(source)}, import.meta.url));\n`,
  );
  const out = join(dir, 'out.txt');
  const run = spawnSync(process.execPath, [entry], {
    encoding: 'utf8',
    env: { ...process.env, SKILLPACK_HOOK_STATE_DIR: stateDir, OUT: out, ...env },
  });
  return {
    use: run.stdout,
    status: run.status,
    wrote: existsSync(out) ? readFileSync(out, 'utf8') : undefined,
  };
}

const cacheFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.v8cache'));

beforeAll(() => {
  if (!existsSync(CODE_CACHE)) throw new Error(`${CODE_CACHE} is missing: build the adapters first`);
});

describe('runWithCodeCache', () => {
  it('creates the cache on the first run and uses it on the next', () => {
    const state = mkdtempSync(join(tmpdir(), 'skillpack-state-'));
    expect(runProgram(program('a'), state)).toEqual({
      use: 'created',
      status: 0,
      wrote: 'a object entry.mjs',
    });
    expect(cacheFiles(state)).toHaveLength(1);
    expect(cacheFiles(state)[0]).toMatch(
      new RegExp(`^code-[0-9a-f]{32}-${process.version}-${process.arch}\\.v8cache$`),
    );
    expect(runProgram(program('a'), state)).toMatchObject({ use: 'used', wrote: 'a object entry.mjs' });
  });

  it('never runs the cached code of another program of the same length', () => {
    const state = mkdtempSync(join(tmpdir(), 'skillpack-state-'));
    expect(program('a').length).toBe(program('b').length);
    runProgram(program('a'), state);
    expect(runProgram(program('b'), state)).toMatchObject({ use: 'created', wrote: 'b object entry.mjs' });
    expect(cacheFiles(state)).toHaveLength(2);
  });

  it('replaces a corrupt cache', () => {
    const state = mkdtempSync(join(tmpdir(), 'skillpack-state-'));
    runProgram(program('a'), state);
    const [name] = cacheFiles(state);
    writeFileSync(join(state, name!), Buffer.alloc(4096, 7));
    expect(runProgram(program('a'), state)).toMatchObject({ use: 'rejected', wrote: 'a object entry.mjs' });
    expect(runProgram(program('a'), state)).toMatchObject({ use: 'used' });
  });

  it('is off when asked, or when the folder is not private', () => {
    const state = mkdtempSync(join(tmpdir(), 'skillpack-state-'));
    expect(runProgram(program('a'), state, { SKILLPACK_HOOK_CODE_CACHE: '0' })).toMatchObject({ use: 'off' });
    chmodSync(state, 0o777);
    expect(runProgram(program('a'), state)).toMatchObject({ use: 'off', wrote: 'a object entry.mjs' });
    expect(cacheFiles(state)).toEqual([]);
  });
});
