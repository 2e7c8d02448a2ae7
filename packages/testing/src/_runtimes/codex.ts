// Codex 0.169: `codex exec --json` with a custom Responses provider in $CODEX_HOME/config.toml. The feature
// switches stop it syncing plugins and apps from GitHub and chatgpt.com; `wire_api = "chat"` is refused.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { trustCodexHooks } from '../codex-trust.js';
import type { RuntimeSetup } from './_setup.js';
import { SCRIPTED_API_KEY } from './_setup.js';

const OFF_FEATURES = [
  'plugins',
  'apps',
  'remote_plugin',
  'tool_suggest',
  'api_key_model_discovery',
  'goals',
  'image_generation',
  'browser_use',
  'computer_use',
];

/** TOML string literal (JSON string escapes are valid TOML basic-string escapes). */
const toml = (value: string) => JSON.stringify(value);

export function codexConfig(modelUrl: string, maxRetries: number): string {
  return [
    'model = "gpt-5.5"',
    'model_provider = "scripted"',
    'approval_policy = "never"',
    'check_for_update_on_startup = false',
    'web_search = "disabled"',
    '',
    '[agents]',
    'enabled = false',
    '',
    '[analytics]',
    'enabled = false',
    '',
    '[features]',
    ...OFF_FEATURES.map((feature) => `${feature} = false`),
    '',
    '[model_providers.scripted]',
    'name = "Scripted model"',
    `base_url = ${toml(`${modelUrl}/v1`)}`,
    'wire_api = "responses"',
    'env_key = "SKILLPACK_TESTING_API_KEY"',
    `request_max_retries = ${maxRetries}`,
    `stream_max_retries = ${maxRetries}`,
    '',
  ].join('\n');
}

export const codexSetup: RuntimeSetup = {
  async prepare({ cli, folders, modelUrl, env, options }) {
    const codexHome = join(folders.home, '.codex');
    mkdirSync(codexHome, { recursive: true });
    writeFileSync(join(codexHome, 'config.toml'), codexConfig(modelUrl, options.maxRetries ?? 0));
    const runEnv = { ...env, CODEX_HOME: codexHome, SKILLPACK_TESTING_API_KEY: SCRIPTED_API_KEY };
    if (options.trustCodexHooks) {
      const filter = typeof options.trustCodexHooks === 'function' ? options.trustCodexHooks : undefined;
      await trustCodexHooks({
        codex: cli,
        project: folders.project,
        env: runEnv,
        ...(filter ? { filter } : {}),
      });
    }
    const output = options.outputArgs ?? ['--json'];
    return { args: ['exec', ...output, ...(options.args ?? []), options.prompt], env: runEnv };
  },
};
