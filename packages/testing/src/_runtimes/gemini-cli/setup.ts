// Gemini CLI 0.61: `gemini -p <prompt> -m <model> --output-format stream-json` against GOOGLE_GEMINI_BASE_URL.
// - Auth: with a base URL in the env the CLI picks the `gateway` auth type, which headless mode rejects (exit 41);
//   `security.auth.selectedType: "gemini-api-key"` in the user settings keeps the base URL and the key.
// - The model is pinned (`-m`): without it, every prompt first makes a router call to `:generateContent`.
// - Folder trust is on by default and headless mode exits 55 in an untrusted folder before any request;
//   `GEMINI_CLI_TRUST_WORKSPACE=true` trusts it (`--skip-trust` is read too late for the project's hooks). A
//   caller's own `GEMINI_CLI_TRUST_WORKSPACE` (`false`, say) wins.
// - `general.maxAttempts` bounds a failed request's retries (default 10, with backoff from 5 s).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RuntimeSetup } from '../_setup.js';
import { SCRIPTED_API_KEY } from '../_setup.js';

/** The model `-m` pins when the caller's `args` name none. */
export const GEMINI_SCRIPTED_MODEL = 'gemini-2.5-pro';

type JsonRecord = Record<string, unknown>;

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `target` with `patch` written into it, key by key; nested objects are merged, everything else replaced. */
function merge(target: JsonRecord, patch: JsonRecord): JsonRecord {
  const merged: JsonRecord = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    const current = merged[key];
    merged[key] = isRecord(value) && isRecord(current) ? merge(current, value) : value;
  }
  return merged;
}

/** What a headless run against the scripted model needs in `~/.gemini/settings.json`. */
export function geminiRunSettings(maxAttempts: number): JsonRecord {
  return {
    security: { auth: { selectedType: 'gemini-api-key' } },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false, maxAttempts },
  };
}

/**
 * Write the run's settings into `~/.gemini/settings.json`, keeping what a user-scope install put there (its
 * `hooks`); a file that is not a JSON object is an error, never overwritten.
 */
export function writeGeminiUserSettings(home: string, maxAttempts: number): string {
  const file = join(home, '.gemini', 'settings.json');
  let current: JsonRecord = {};
  let text: string | undefined;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text !== undefined && text.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new Error(
        `runAgent: ${file} is not JSON (${(error as Error).message}); expected a settings object.`,
      );
    }
    if (!isRecord(parsed))
      throw new Error(`runAgent: ${file} holds no JSON object; expected a settings object.`);
    current = parsed;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(merge(current, geminiRunSettings(maxAttempts)), null, 2)}\n`);
  return file;
}

function namesModel(args: readonly string[]): boolean {
  return args.some((arg) => arg === '-m' || arg === '--model' || arg.startsWith('--model='));
}

export const geminiCliSetup: RuntimeSetup = {
  bin: 'gemini',
  protocol: 'gemini-generate-content',
  // Headless, `run_shell_command` is declared only with `--yolo` or an allowing policy.
  shellTools: [{ name: 'run_shell_command', input: (command) => ({ command }) }],
  async prepare({ folders, modelUrl, env, options }) {
    writeGeminiUserSettings(folders.home, (options.maxRetries ?? 0) + 1);
    const output = options.outputArgs ?? ['--output-format', 'stream-json'];
    const extra = options.args ?? [];
    const model = namesModel(extra) ? [] : ['-m', GEMINI_SCRIPTED_MODEL];
    return {
      args: ['-p', options.prompt, ...model, ...output, ...extra],
      modelArgs: model,
      env: {
        ...env,
        GOOGLE_GEMINI_BASE_URL: modelUrl,
        GEMINI_API_KEY: SCRIPTED_API_KEY,
        GEMINI_CLI_TRUST_WORKSPACE: env.GEMINI_CLI_TRUST_WORKSPACE ?? 'true',
      },
    };
  },
};
