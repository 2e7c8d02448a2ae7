// Paths, environments and process helpers shared by the checks of scripts/test-pack.mjs.
import { delimiter, join } from 'node:path';
import { isInside, runOk } from './harness.mjs';

export const PACKAGES = [
  { dir: 'core', name: '@skillpack/core' },
  { dir: 'adapters', name: '@skillpack/adapters' },
  { dir: 'host', name: '@skillpack/host' },
  { dir: 'skill-gen', name: '@skillpack/skill-gen' },
  { dir: 'testing', name: '@skillpack/testing' },
  { dir: 'nx', name: '@skillpack/nx' },
];
export const STEP_TIMEOUT_MS = 60_000;
export const INSTALL_TIMEOUT_MS = 300_000;

/** Everything a check needs: where things are, and how to start a child the same way every time. */
export function createContext(repoRoot, work) {
  const consumer = join(work, 'consumer');
  const resolutionLog = join(work, 'resolutions.log');

  /** The environment of every child: no npm script variables, no repository bins on PATH. */
  const childEnv = (extra = {}) => {
    const env = {};
    for (const [key, value] of Object.entries(process.env)) {
      if (/^npm_(package|lifecycle)_/i.test(key)) continue;
      if (/^npm_config_(local_prefix|prefix|workspaces?)$/i.test(key)) continue;
      if (key === 'INIT_CWD' || key === 'NODE_PATH' || key === 'NODE_OPTIONS') continue;
      env[key] = value;
    }
    env.PATH = (process.env.PATH ?? '')
      .split(delimiter)
      .filter((entry) => entry !== '' && !isInside(repoRoot, entry))
      .join(delimiter);
    return { ...env, CI: 'true', NO_UPDATE_NOTIFIER: '1', npm_config_update_notifier: 'false', ...extra };
  };

  /** A child that appends every module it resolves to the resolution log. */
  const recordedEnv = (extra = {}) => {
    const checks = join(consumer, 'checks');
    return childEnv({
      ...extra,
      SKILLPACK_RESOLUTION_LOG: resolutionLog,
      NODE_OPTIONS: `--require=${join(checks, 'record.cjs')} --import=${join(checks, 'record.mjs')} --no-warnings`,
      SKILLPACK_HOOK_STATE_DIR: join(work, 'hook-state'),
    });
  };

  const inConsumer = { cwd: consumer, timeoutMs: STEP_TIMEOUT_MS };

  return {
    repoRoot,
    work,
    consumer,
    resolutionLog,
    tarballDir: join(work, 'tarballs'),
    /** Package name -> its `npm pack --json` entry plus the tarball `path`. */
    tarballs: new Map(),
    /** What the ESM check found, for the CommonJS check. */
    subpaths: [],
    childEnv,
    recordedEnv,
    /** Node in the consumer, recording resolutions. */
    node: (label, args, options = {}) =>
      runOk(label, process.execPath, args, { ...inConsumer, env: recordedEnv(), ...options }),
    /** `npx --no -- <bin> …`: the consumer's own bin, never a download (`--` keeps `--version` for the bin). */
    npx: (args, options = {}) =>
      runOk(`npx ${args.join(' ')}`, 'npx', ['--no', '--', ...args], {
        ...inConsumer,
        env: recordedEnv(),
        ...options,
      }),
    /** A bin from the consumer's node_modules/.bin, as an npm script in the consumer would run it. */
    bin: (args, options = {}) =>
      runOk(args.join(' '), join(consumer, 'node_modules', '.bin', args[0]), args.slice(1), {
        ...inConsumer,
        env: recordedEnv(),
        ...options,
      }),
  };
}
