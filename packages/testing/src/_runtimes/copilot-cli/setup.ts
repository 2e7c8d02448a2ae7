// GitHub Copilot CLI 1.0.102: `copilot -p … --output-format json` in BYOK mode against the scripted model's Chat
// Completions endpoint. COPILOT_OFFLINE=true skips GitHub authentication, telemetry, web tools, the GitHub MCP
// server and auto-update; a BYOK provider needs an explicit model (rc=1 without one). The native binary
// unpacks 235 MB into $XDG_CACHE_HOME/copilot/pkg/<platform>/<version>/ on first start, so every run shares one
// cache folder (`copilotCacheHome`) instead of the fresh HOME's. Project hooks (`.github/hooks/*.json`,
// `.claude/settings.json`) load only in a trusted folder: pass `args: ['--trust-folder']` (one session) or
// `env: { COPILOT_ALLOW_ALL: 'true' }`; user hooks under $HOME/.copilot/hooks load without trust.
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { RuntimeSetup } from '../_setup.js';
import { SCRIPTED_API_KEY } from '../_setup.js';

/** The model id every run pins; the scripted model answers any name. */
export const COPILOT_SCRIPTED_MODEL = 'gpt-4.1';

/**
 * The cache folder every Copilot run shares (`XDG_CACHE_HOME` of the CLI): `SKILLPACK_COPILOT_CACHE` when set
 * (an absolute path), else `skillpack-testing/copilot-cli` under the user's own cache folder. Only the CLI's
 * unpacked package lives there; HOME, config and sessions stay in the run's temp root.
 */
export function copilotCacheHome(env: NodeJS.ProcessEnv = process.env, home = homedir()): string {
  const chosen = env.SKILLPACK_COPILOT_CACHE;
  if (chosen !== undefined && chosen !== '') {
    if (!isAbsolute(chosen)) {
      throw new Error(
        `runAgent: SKILLPACK_COPILOT_CACHE must be an absolute path; received ${JSON.stringify(chosen)}.`,
      );
    }
    return chosen;
  }
  const userCache =
    env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : join(home, '.cache');
  return join(userCache, 'skillpack-testing', 'copilot-cli');
}

/** The environment that points Copilot CLI at the scripted model, offline, with a shared package cache. */
export function copilotEnv(modelUrl: string, cacheHome: string): Record<string, string> {
  return {
    XDG_CACHE_HOME: cacheHome,
    COPILOT_OFFLINE: 'true',
    COPILOT_AUTO_UPDATE: 'false',
    COPILOT_PROVIDER_BASE_URL: `${modelUrl}/v1`,
    COPILOT_PROVIDER_API_KEY: SCRIPTED_API_KEY,
    COPILOT_MODEL: COPILOT_SCRIPTED_MODEL,
  };
}

export const copilotCliSetup: RuntimeSetup = {
  bin: 'copilot',
  protocol: 'chat-completions',
  // Its `bash` requires a description next to the command.
  shellTools: [{ name: 'bash', input: (command) => ({ command, description: 'Run a scripted command' }) }],
  async prepare({ modelUrl, env, options }) {
    const output = options.outputArgs ?? ['--output-format', 'json'];
    // A cache folder the caller chose for this run wins over the shared one.
    const cacheHome = options.env?.XDG_CACHE_HOME ?? copilotCacheHome();
    return {
      args: ['-p', options.prompt, ...output, '--allow-all-tools', ...(options.args ?? [])],
      env: { ...env, ...copilotEnv(modelUrl, cacheHome), ...options.env },
      modelArgs: [],
    };
  },
};
