import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fail, ok, type Result } from '@skillpack/core';
import { IoError } from '../cli/exit-code.js';

/**
 * `<name>@<version>` (or `@scope/name@<version or tag>`): a pack published to npm, as `npm pack` names it.
 * Pure; a folder that exists always wins over this reading (see `resolvePackSource`).
 */
export function isNpmSpec(text: string): boolean {
  return /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*@[A-Za-z0-9^~<>=*][A-Za-z0-9.+_~^<>=|* -]*$/.test(
    text,
  );
}

export interface PackSource {
  readonly dir: string;
  /** Removes the fetched copy (a no-op for a folder). */
  readonly dispose: () => Promise<void>;
}

function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { ...options, timeout: 300_000, maxBuffer: 16 * 1024 * 1024, windowsHide: true },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout: String(stdout), stderr: error && !stderr ? error.message : String(stderr) });
      },
    );
  });
}

/**
 * The pack folder `PACK_DIR` names: the folder itself when it exists, else, for an npm spec, the package
 * fetched with the user's own npm (`npm pack`: their registry, auth and cache) and unpacked into a temp folder.
 */
export async function resolvePackSource(
  argument: string,
  dir: string,
  env: NodeJS.ProcessEnv,
): Promise<Result<PackSource, IoError>> {
  const none = async () => {};
  if ((await stat(dir).catch(() => undefined)) || !isNpmSpec(argument)) return ok({ dir, dispose: none });
  const temp = await mkdtemp(join(tmpdir(), 'skillpack-npm-'));
  const dispose = () => rm(temp, { recursive: true, force: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const packed = await run(npm, ['pack', argument, '--json', '--pack-destination', temp], { cwd: temp, env });
  // The one tarball `npm pack` wrote into the otherwise empty temp folder.
  const tarballs = (await readdir(temp)).filter((name) => name.endsWith('.tgz'));
  const file = tarballs.length === 1 ? join(temp, tarballs[0]!) : undefined;
  if (packed.code !== 0 || file === undefined) {
    await dispose();
    const why = packed.stderr.trim().split('\n').slice(-3).join(' ');
    return fail(
      new IoError(
        'npm_pack_failed',
        `\`npm pack ${argument}\` did not fetch the pack: ${why || `exit ${packed.code}`}.`,
        {
          details: { spec: argument, exitCode: packed.code },
        },
      ),
    );
  }
  const unpacked = await run('tar', ['-xzf', file, '-C', temp], { cwd: temp, env });
  if (unpacked.code !== 0) {
    await dispose();
    return fail(
      new IoError(
        'npm_unpack_failed',
        `Cannot unpack ${file}: ${unpacked.stderr.trim() || `tar exit ${unpacked.code}`}.`,
        {
          details: { spec: argument, file },
        },
      ),
    );
  }
  return ok({ dir: join(temp, 'package'), dispose });
}
