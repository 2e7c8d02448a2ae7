// Helpers for the @skillpack/host checks: the pinned CLIs pointed at a scripted model through
// @skillpack/testing's own runtime setups and nothing but what runContract's callers control (env, HOME and
// the files in it, extra arguments), a model server that never answers (timeout, abort), fake bins, and a
// scan of a process group.

import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { makeTempDir, repoRoot, runtimeBinDir } from './_support.mjs';

const host = await import(join(repoRoot, 'packages/host/dist/index.js'));
const { scriptedHostOptions } = await import(join(repoRoot, 'packages/testing/dist/index.js'));
/** Every runtime @skillpack/host declares (its Record<RuntimeId, HostRuntime>), so a new one is tested too. */
export const HOST_RUNTIMES = Object.keys(host.HOST_RUNTIMES);
export const BINS = Object.fromEntries(HOST_RUNTIMES.map((id) => [id, host.HOST_RUNTIMES[id].bin]));

const prepared = [];

/**
 * The pinned CLI pointed at `modelUrl` by @skillpack/testing's public `scriptedHostOptions` (its declaration of
 * the runtime, `_runtimes/<runtime>/setup.ts`: a fresh HOME, config and trust files, auth env, a Node 22 first
 * on PATH for Qwen Code): the environment (`env`, every variable of this process unset), the project (`cwd`),
 * the CLI (`bin`) and the arguments that setup needs beside the headless ones (`args`: Gemini's pinned model,
 * Qwen's auth type), with `env` given as a caller's — everything a runContract caller sets for their own
 * provider, nothing inside runContract.
 */
export async function hostSetup(runtime, modelUrl, env = {}) {
  const offline = await scriptedHostOptions(runtime, {
    model: modelUrl,
    cli: join(runtimeBinDir, BINS[runtime]),
    env,
  });
  prepared.push(offline);
  return {
    project: offline.cwd,
    home: offline.folders.home,
    env: offline.env,
    bin: offline.bin,
    args: offline.args,
  };
}

/** Remove every HOME and project `hostSetup` made. */
export function disposeHostSetups() {
  for (const offline of prepared.splice(0)) offline.dispose();
}

/** A model server that takes every request and never answers; `received` resolves on the first one. */
export async function createSilentModel() {
  let notify;
  const received = new Promise((resolve) => {
    notify = resolve;
  });
  const server = createServer((request) => {
    request.resume();
    notify();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A bin that prints `versionLine` for --version and otherwise writes to stderr and exits `code`. */
export function fakeBin(runtime, versionLine, code) {
  const file = join(makeTempDir('skillpack-host-bin-'), BINS[runtime]);
  writeFileSync(
    file,
    `#!/bin/sh\nif [ "$1" = --version ]; then echo '${versionLine}'; exit 0; fi\necho 'fake ${BINS[runtime]}: boom' >&2\nexit ${code}\n`,
  );
  chmodSync(file, 0o755);
  return file;
}

/** Every live process (zombies included) whose process group is `pgid`, from /proc. */
export function groupMembers(pgid) {
  const members = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp …: comm may hold spaces and parentheses, so split after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid) members.push({ pid: Number(entry), state: fields[0] });
  }
  return members;
}
