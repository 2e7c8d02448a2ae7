import { execFile } from 'node:child_process';
import { resolve as resolvePath } from 'node:path';
import type { RuntimeId } from '@skillpack/adapters';
import type { HostRuntime } from './runtimes/host-runtime.js';

/** What `<bin> --version` said: the version it printed, or why there is none. */
export type CliVersion =
  | { readonly kind: 'version'; readonly version: string | undefined; readonly output: string }
  | { readonly kind: 'not_found'; readonly error: NodeJS.ErrnoException };

const cache = new Map<string, Promise<CliVersion>>();

/**
 * Run `<bin> --version` once per bin and PATH (later calls share the answer), reading the version with the
 * runtime's pattern; a bin that cannot be started is `not_found`. A failed probe is not cached.
 */
export function cliVersion(
  runtimeId: RuntimeId,
  runtime: HostRuntime,
  bin: string,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): Promise<CliVersion> {
  const key = `${runtimeId}\0${bin}\0${env.PATH ?? ''}`;
  const known = cache.get(key);
  if (known) return known;
  const probe = new Promise<CliVersion>((resolve) => {
    execFile(
      bin,
      ['--version'],
      // PWD names cwd, as for every spawn of a runtime CLI (spawnRun).
      {
        cwd,
        env: { ...env, PWD: resolvePath(cwd) },
        timeout: 60_000,
        killSignal: 'SIGKILL',
        maxBuffer: 1 << 16,
        encoding: 'utf8',
      },
      (error, stdout) => {
        const code = (error as NodeJS.ErrnoException | null)?.code;
        if (error && (code === 'ENOENT' || code === 'EACCES')) {
          resolve({ kind: 'not_found', error: error as NodeJS.ErrnoException });
          return;
        }
        const text = String(stdout ?? '').trim();
        resolve({ kind: 'version', version: runtime.versionPattern.exec(text)?.[1], output: text });
      },
    );
  });
  cache.set(key, probe);
  probe.then(
    (result) => {
      if (result.kind !== 'version' || result.version === undefined) cache.delete(key);
    },
    () => cache.delete(key),
  );
  return probe;
}
