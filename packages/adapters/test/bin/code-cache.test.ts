import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const CODE_CACHE = fileURLToPath(new URL('../../dist/bin/code-cache.js', import.meta.url));
/** The test loaders are ES modules importing the compiled loader; the bundles' own loader is CommonJS. */
const IMPORTS = `import { fileURLToPath } from 'node:url';\nimport { runWithCodeCache } from ${JSON.stringify(pathToFileURL(CODE_CACHE).href)};\n`;

/** A wrapped CommonJS program that writes `label`; every label of one length gives programs of one length. */
function program(label: string): string {
  return `(function (require, module, exports, __filename, __dirname) { module.exports.warmUp = () => require('node:fs').writeFileSync(process.env.OUT + '.warm', 'warm'); require('node:fs').writeFileSync(process.env.OUT, ${JSON.stringify(label)} + ' ' + require('node:path').basename(__filename)); })`;
}

/** A bundle laid out as scripts/bundle.mjs writes it: the loader, then the program in a trailing comment. */
function writeBundle(file: string, label: string, hash: string): void {
  const loader = `${IMPORTS}process.stdout.write(runWithCodeCache(fileURLToPath(import.meta.url)));\n`;
  writeFileSync(file, `${loader}/*skillpack-program ${hash}\n${program(label)}\n*/\n`);
}

function run(file: string, stateDir: string, env: NodeJS.ProcessEnv = {}) {
  const out = join(mkdtempSync(join(tmpdir(), 'skillpack-code-cache-out-')), 'out.txt');
  const child = spawnSync(process.execPath, [file], {
    encoding: 'utf8',
    env: { ...process.env, SKILLPACK_HOOK_STATE_DIR: stateDir, OUT: out, ...env },
  });
  return {
    use: child.stdout,
    status: child.status,
    wrote: existsSync(out) ? readFileSync(out, 'utf8') : undefined,
    warmed: existsSync(`${out}.warm`),
  };
}

const fresh = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));
const cacheFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.v8cache'));

beforeAll(() => {
  if (!existsSync(CODE_CACHE)) throw new Error(`${CODE_CACHE} is missing: build the adapters first`);
});

describe('runWithCodeCache', () => {
  it('creates the cache on the first run, warming the program up first, and uses it on the next', () => {
    const state = fresh('skillpack-state-');
    const bundle = join(fresh('skillpack-bundle-'), 'hook.mjs');
    writeBundle(bundle, 'a', 'h1');
    expect(run(bundle, state)).toEqual({ use: 'created', status: 0, wrote: 'a hook.mjs', warmed: true });
    expect(cacheFiles(state)).toEqual([
      expect.stringMatching(
        new RegExp(`^code-h1-\\d+-\\d+-\\d+-${process.version}-${process.arch}\\.v8cache$`),
      ),
    ]);
    expect(run(bundle, state)).toEqual({ use: 'used', status: 0, wrote: 'a hook.mjs', warmed: false });
  });

  it('never runs the cache of a rebuilt bundle of the same length, path and time', () => {
    const state = fresh('skillpack-state-');
    const bundle = join(fresh('skillpack-bundle-'), 'hook.mjs');
    writeBundle(bundle, 'a', 'h1');
    run(bundle, state);
    writeBundle(bundle, 'b', 'h2');
    utimesSync(bundle, 1_000_000, 1_000_000);
    expect(run(bundle, state)).toMatchObject({ use: 'created', wrote: 'b hook.mjs' });
    writeBundle(bundle, 'a', 'h1');
    utimesSync(bundle, 1_000_000, 1_000_000);
    run(bundle, state);
    writeBundle(bundle, 'b', 'h2');
    utimesSync(bundle, 1_000_000, 1_000_000);
    expect(run(bundle, state)).toMatchObject({ use: 'used', wrote: 'b hook.mjs' });
  });

  it('never runs the cache of a bundle edited by hand after the build', () => {
    const state = fresh('skillpack-state-');
    const bundle = join(fresh('skillpack-bundle-'), 'hook.mjs');
    writeBundle(bundle, 'a', 'h1');
    utimesSync(bundle, 1_000_000, 1_000_000);
    run(bundle, state);
    writeBundle(bundle, 'b', 'h1');
    utimesSync(bundle, 2_000_000, 2_000_000);
    expect(run(bundle, state)).toMatchObject({ use: 'created', wrote: 'b hook.mjs' });
  });

  it('replaces a corrupt cache', () => {
    const state = fresh('skillpack-state-');
    const bundle = join(fresh('skillpack-bundle-'), 'hook.mjs');
    writeBundle(bundle, 'a', 'h1');
    run(bundle, state);
    writeFileSync(join(state, cacheFiles(state)[0]!), Buffer.alloc(4096, 7));
    expect(run(bundle, state)).toMatchObject({ use: 'rejected', wrote: 'a hook.mjs', warmed: true });
    expect(run(bundle, state)).toMatchObject({ use: 'used' });
  });

  it('is off when asked, or when the folder is not private', () => {
    const state = fresh('skillpack-state-');
    const bundle = join(fresh('skillpack-bundle-'), 'hook.mjs');
    writeBundle(bundle, 'a', 'h1');
    expect(run(bundle, state, { SKILLPACK_HOOK_CODE_CACHE: '0' })).toMatchObject({
      use: 'off',
      warmed: false,
    });
    chmodSync(state, 0o777);
    expect(run(bundle, state)).toMatchObject({ use: 'off', wrote: 'a hook.mjs' });
    expect(cacheFiles(state)).toEqual([]);
  });

  it('fails loudly on a file that carries no program', () => {
    const bundle = join(fresh('skillpack-bundle-'), 'hook.mjs');
    writeFileSync(bundle, `${IMPORTS}runWithCodeCache(fileURLToPath(import.meta.url));\n`);
    const child = spawnSync(process.execPath, [bundle], { encoding: 'utf8' });
    expect(child.status).not.toBe(0);
    expect(child.stderr).toContain('carries no program');
  });

  it("hands the program's exports to its caller (loadWithCodeCache), with or without the cache", () => {
    const state = fresh('skillpack-state-');
    const bundle = join(fresh('skillpack-bundle-'), 'lib.mjs');
    const body = `(function (require, module, exports) { module.exports = { answer: (n) => n * 2 }; })`;
    const loader = `import { fileURLToPath } from 'node:url';\nimport { loadWithCodeCache } from ${JSON.stringify(pathToFileURL(CODE_CACHE).href)};\nconst loaded = loadWithCodeCache(fileURLToPath(import.meta.url));\nprocess.stdout.write(loaded.use + ' ' + loaded.exports.answer(21));\n`;
    writeFileSync(bundle, `${loader}/*skillpack-program h3\n${body}\n*/\n`);
    const first = spawnSync(process.execPath, [bundle], {
      encoding: 'utf8',
      env: { ...process.env, SKILLPACK_HOOK_STATE_DIR: state },
    });
    expect(first.stdout).toBe('created 42');
    const second = spawnSync(process.execPath, [bundle], {
      encoding: 'utf8',
      env: { ...process.env, SKILLPACK_HOOK_STATE_DIR: state },
    });
    expect(second.stdout).toBe('used 42');
  });
});
