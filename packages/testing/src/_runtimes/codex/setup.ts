// Codex 0.169: `codex exec --json` with a custom Responses provider in $CODEX_HOME/config.toml. The feature
// switches stop it syncing plugins and apps from GitHub and chatgpt.com; `wire_api = "chat"` is refused.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RuntimeSetup } from '../_setup.js';
import { SCRIPTED_API_KEY } from '../_setup.js';
import { trustCodexHooks } from './trust.js';

// With a `home` of the caller's, `$CODEX_HOME/config.toml` is not rewritten: the scripted model comes as `-c`
// overrides, and the `plugins` feature keeps the config's value (installed plugins load), the other network
// features stay off. CODEX_HOME is `.codex` below HOME.
export const OFF_FEATURES = [
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

/**
 * The same settings as `-c key=value` overrides, for a CODEX_HOME whose config.toml is the user's (an installed
 * home): it stays as it is, and `plugins` is not switched off so the plugins installed there load.
 */
export function codexConfigOverrides(modelUrl: string, maxRetries: number): string[] {
  const settings = [
    'model="gpt-5.5"',
    'model_provider="scripted"',
    'approval_policy="never"',
    'check_for_update_on_startup=false',
    'web_search="disabled"',
    'agents.enabled=false',
    'analytics.enabled=false',
    ...OFF_FEATURES.filter((feature) => feature !== 'plugins').map((feature) => `features.${feature}=false`),
    'model_providers.scripted.name="Scripted model"',
    `model_providers.scripted.base_url=${toml(`${modelUrl}/v1`)}`,
    'model_providers.scripted.wire_api="responses"',
    'model_providers.scripted.env_key="SKILLPACK_TESTING_API_KEY"',
    `model_providers.scripted.request_max_retries=${maxRetries}`,
    `model_providers.scripted.stream_max_retries=${maxRetries}`,
  ];
  return settings.flatMap((setting) => ['-c', setting]);
}

export const codexSetup: RuntimeSetup = {
  bin: 'codex',
  protocol: 'openai-responses',
  // Codex 0.169 declares `exec_command` ({cmd}); older builds declared `shell` ({command: argv}).
  shellTools: [
    { name: 'exec_command', input: (command) => ({ cmd: command }) },
    { name: 'shell', input: (command) => ({ command: ['bash', '-lc', command] }) },
  ],
  async prepare({ cli, folders, modelUrl, env, options }) {
    const codexHome = join(folders.home, '.codex');
    mkdirSync(codexHome, { recursive: true });
    const overrides = options.home ? codexConfigOverrides(modelUrl, options.maxRetries ?? 0) : [];
    if (!options.home)
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
    return {
      args: ['exec', ...overrides, ...output, ...(options.args ?? []), options.prompt],
      env: runEnv,
      modelArgs: overrides,
    };
  },
};
