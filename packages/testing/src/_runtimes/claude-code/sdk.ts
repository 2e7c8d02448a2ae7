// Claude Agent SDK 0.3.328 (Claude Code 2.1.328 inside): `query()` options. `env` replaces the child's
// environment, so it carries PATH and HOME; `settingSources: []` keeps the user's and the project's settings
// (and their hooks) out unless the caller wants them.
import type { SdkSetup } from '../_sdk.js';
import { SCRIPTED_API_KEY } from '../_setup.js';

/** The `query()` options that point the Claude Agent SDK at the scripted model. */
export interface ClaudeAgentSdkOfflineOptions {
  readonly cwd: string;
  readonly env: Record<string, string>;
  readonly settingSources: [];
  readonly persistSession: false;
}

export const claudeAgentSdkSetup: SdkSetup<ClaudeAgentSdkOfflineOptions> = {
  prepare: ({ folders, env, modelUrl, maxRetries }) => ({
    cwd: folders.project,
    env: {
      ...env,
      ANTHROPIC_BASE_URL: modelUrl,
      ANTHROPIC_API_KEY: SCRIPTED_API_KEY,
      CLAUDE_CODE_TMPDIR: folders.tmp,
      CLAUDE_CODE_MAX_RETRIES: String(maxRetries),
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_ERROR_REPORTING: '1',
    },
    settingSources: [],
    persistSession: false,
  }),
};
