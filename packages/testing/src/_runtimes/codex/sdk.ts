// Codex SDK 0.163.0: `new Codex({ config, env })` flattens `config` into `--config` overrides of
// `codex exec --experimental-json`. A custom Responses provider makes one request a turn; the SDK's own
// `baseUrl` tries WebSockets first (seven GETs a turn). CODEX_HOME must exist.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SdkSetup } from '../_sdk.js';
import { SCRIPTED_API_KEY } from '../_setup.js';
import { OFF_FEATURES } from './setup.js';

/** `new Codex(…)` and `codex.startThread(…)` options that point the Codex SDK at the scripted model. */
export interface CodexSdkOfflineOptions {
  /** For `new Codex(…)`: the configuration as an object, and the child's whole environment. */
  readonly codex: { readonly config: Record<string, unknown>; readonly env: Record<string, string> };
  /** For `codex.startThread(…)`. */
  readonly thread: {
    readonly workingDirectory: string;
    readonly approvalPolicy: 'never';
    readonly sandboxMode: 'read-only';
    readonly webSearchMode: 'disabled';
  };
}

export const codexSdkSetup: SdkSetup<CodexSdkOfflineOptions> = {
  prepare({ folders, env, modelUrl, maxRetries }) {
    const codexHome = join(folders.home, '.codex');
    mkdirSync(codexHome, { recursive: true });
    return {
      codex: {
        config: {
          model: 'gpt-5.5',
          model_provider: 'scripted',
          check_for_update_on_startup: false,
          analytics: { enabled: false },
          agents: { enabled: false },
          features: Object.fromEntries(OFF_FEATURES.map((feature) => [feature, false])),
          model_providers: {
            scripted: {
              name: 'Scripted model',
              base_url: `${modelUrl}/v1`,
              wire_api: 'responses',
              env_key: 'SKILLPACK_TESTING_API_KEY',
              request_max_retries: maxRetries,
              stream_max_retries: maxRetries,
            },
          },
        },
        env: { ...env, CODEX_HOME: codexHome, SKILLPACK_TESTING_API_KEY: SCRIPTED_API_KEY },
      },
      thread: {
        workingDirectory: folders.project,
        approvalPolicy: 'never',
        sandboxMode: 'read-only',
        webSearchMode: 'disabled',
      },
    };
  },
};
