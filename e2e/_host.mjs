// Helpers for the @skillpack/host checks: the pinned CLIs pointed at a scripted model through nothing but
// the environment and files runContract's callers control (env, HOME, CODEX_HOME's config.toml), a model
// server that never answers (timeout, abort), fake bins, and a scan of a process group.

import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { makeTempDir, repoRoot, runtimeBinDir } from './_support.mjs';

const host = await import(join(repoRoot, 'packages/host/dist/index.js'));
/** Every runtime @skillpack/host declares (its Record<RuntimeId, HostRuntime>), so a new one is tested too. */
export const HOST_RUNTIMES = Object.keys(host.HOST_RUNTIMES);
export const BINS = Object.fromEntries(HOST_RUNTIMES.map((id) => [id, host.HOST_RUNTIMES[id].bin]));
/** What each pinned CLI prints for --version, for the fake bins. */
export const VERSION_LINES = {
  'claude-code': '2.1.328 (Claude Code)',
  codex: 'codex-cli 0.169.0',
  opencode: '1.18.33',
};
const KEY = 'sk-scripted-not-a-key';

function ripgrepDir(home) {
  const scope = join(runtimeBinDir, '../@openai');
  if (!existsSync(scope)) return undefined;
  for (const pkg of readdirSync(scope)) {
    const vendor = join(scope, pkg, 'vendor');
    if (!existsSync(vendor)) continue;
    for (const target of readdirSync(vendor)) {
      for (const sub of ['codex-path', 'path']) {
        const file = join(vendor, target, sub, 'rg');
        if (!existsSync(file)) continue;
        const bin = join(home, 'bin');
        mkdirSync(bin, { recursive: true });
        if (!existsSync(join(bin, 'rg'))) symlinkSync(file, join(bin, 'rg'));
        return bin;
      }
    }
  }
  return undefined;
}

/**
 * A fresh HOME and git project, and the `env`/`bin` options that point the pinned CLI at `modelUrl`:
 * everything a runContract caller would set for their own provider, nothing inside runContract.
 */
const homes = new Map();
/** One HOME and project per runtime, shared by its tests (a CLI's first start in a fresh home is slow). */
function sharedHome(runtime) {
  let home = homes.get(runtime);
  if (home) return home;
  home = makeTempDir('skillpack-host-home-');
  const project = join(home, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'README.md'), '# change 42\n');
  execFileSync('git', ['init', '-q'], { cwd: project });
  mkdirSync(join(home, 'tmp/run'), { recursive: true });
  homes.set(runtime, home);
  return home;
}

export function hostSetup(runtime, modelUrl) {
  const home = sharedHome(runtime);
  const project = join(home, 'project');
  const tmp = join(home, 'tmp');
  const env = {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_STATE_HOME: join(home, '.local/state'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_RUNTIME_DIR: join(tmp, 'run'),
    TMPDIR: tmp,
    NO_COLOR: '1',
    CI: '1',
  };
  if (runtime === 'claude-code') {
    Object.assign(env, {
      ANTHROPIC_BASE_URL: modelUrl,
      ANTHROPIC_API_KEY: KEY,
      CLAUDE_CODE_TMPDIR: tmp,
      CLAUDE_CODE_MAX_RETRIES: '0',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_ERROR_REPORTING: '1',
    });
  } else if (runtime === 'codex') {
    const codexHome = join(home, '.codex');
    mkdirSync(codexHome, { recursive: true });
    writeFileSync(
      join(codexHome, 'config.toml'),
      [
        'model = "gpt-5.5"',
        'model_provider = "scripted"',
        'approval_policy = "never"',
        'check_for_update_on_startup = false',
        'web_search = "disabled"',
        '[agents]',
        'enabled = false',
        '[analytics]',
        'enabled = false',
        '[features]',
        ...['plugins', 'apps', 'remote_plugin', 'tool_suggest', 'api_key_model_discovery', 'goals'].map(
          (feature) => `${feature} = false`,
        ),
        '[model_providers.scripted]',
        'name = "Scripted model"',
        `base_url = ${JSON.stringify(`${modelUrl}/v1`)}`,
        'wire_api = "responses"',
        'env_key = "SCRIPTED_API_KEY"',
        'request_max_retries = 0',
        'stream_max_retries = 0',
        '',
      ].join('\n'),
    );
    Object.assign(env, { CODEX_HOME: codexHome, SCRIPTED_API_KEY: KEY });
  } else if (runtime === 'opencode') {
    const rg = ripgrepDir(home);
    Object.assign(env, {
      ...(rg ? { PATH: `${rg}:${process.env.PATH}` } : {}),
      OPENCODE_CONFIG_CONTENT: JSON.stringify({
        provider: {
          scripted: {
            npm: '@ai-sdk/openai-compatible',
            name: 'Scripted model',
            options: { baseURL: `${modelUrl}/v1`, apiKey: '{env:SCRIPTED_API_KEY}' },
            models: { model: { name: 'Scripted model', tool_call: true } },
          },
        },
        model: 'scripted/model',
        small_model: 'scripted/model',
        autoupdate: false,
        share: 'disabled',
      }),
      OPENCODE_DISABLE_AUTOUPDATE: '1',
      OPENCODE_DISABLE_MODELS_FETCH: '1',
      OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
      OPENCODE_DISABLE_SHARE: '1',
      SCRIPTED_API_KEY: KEY,
    });
  } else {
    throw new Error(
      `e2e/_host.mjs: no scripted-model setup for ${runtime}; add one with its host declaration`,
    );
  }
  return { home, project, env, bin: join(runtimeBinDir, BINS[runtime]) };
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

/** A bin that prints the runtime's --version line and otherwise writes to stderr and exits `code`. */
export function fakeBin(runtime, code) {
  const file = join(makeTempDir('skillpack-host-bin-'), BINS[runtime]);
  writeFileSync(
    file,
    `#!/bin/sh\nif [ "$1" = --version ]; then echo '${VERSION_LINES[runtime]}'; exit 0; fi\necho 'fake ${BINS[runtime]}: boom' >&2\nexit ${code}\n`,
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
