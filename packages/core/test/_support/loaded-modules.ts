// What a fresh Node process loads, recorded by a resolve hook: the tests that keep package roots light
// (every package's `root-imports.test.ts`) run the built packages through it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TRACER = fileURLToPath(new URL('trace-imports.mjs', import.meta.url));
const CORE_MANIFEST = new URL('../../package.json', import.meta.url);

/** The built-in families, read from core's exports map: every subpath but the registry and the schemas. */
export const BUILTIN_FAMILIES: readonly string[] = Object.keys(
  (JSON.parse(readFileSync(CORE_MANIFEST, 'utf8')) as { exports: Record<string, unknown> }).exports,
)
  .filter((key) => /^\.\/[a-z]+$/.test(key) && key !== './contracts')
  .map((key) => key.slice(2));

export interface LoadedModules {
  readonly urls: readonly string[];
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Run `node <args>` in `cwd` with the tracer preloaded (and `input` on stdin); every URL it resolved, once each. */
export function modulesLoadedBy(args: readonly string[], cwd: string, input = ''): LoadedModules {
  const dir = mkdtempSync(join(tmpdir(), 'skillpack-trace-'));
  const trace = join(dir, 'trace.txt');
  try {
    const run = spawnSync(process.execPath, ['--import', TRACER, ...args], {
      cwd,
      input,
      encoding: 'utf8',
      env: { ...process.env, SKILLPACK_TRACE_FILE: trace },
    });
    let text = '';
    try {
      text = readFileSync(trace, 'utf8');
    } catch {
      // Nothing resolved: the process failed before loading anything; `status` says so.
    }
    const urls = [...new Set(text.split('\n').filter(Boolean))];
    return { urls, status: run.status, stdout: run.stdout, stderr: run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The modules `import(specifier)` loads in a fresh process started in `cwd` (a package folder). */
export function modulesLoadedByImport(specifier: string, cwd: string): LoadedModules {
  const script = `await import(${JSON.stringify(specifier)});`;
  const loaded = modulesLoadedBy(['--input-type=module', '-e', script], cwd);
  if (loaded.status !== 0) throw new Error(`importing ${specifier} failed: ${loaded.stderr}`);
  return loaded;
}

/** The built-in families whose modules are among `urls`. */
export function familiesIn(urls: readonly string[]): string[] {
  return BUILTIN_FAMILIES.filter((family) =>
    urls.some((url) => url.includes(`/packages/core/dist/${family}/`)),
  );
}

/** The project modules (this repository's packages, built or not) among `urls`. */
export function projectModules(urls: readonly string[]): string[] {
  return urls.filter(
    (url) => /\/packages\/[a-z-]+\/(dist|src|bin)\//.test(url) && !url.includes('/node_modules/'),
  );
}
