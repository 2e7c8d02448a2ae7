// Pi 1.6.0: `pi --provider scripted --model gpt-4.1 --mode json <prompt>`, the provider declared in
// `~/.pi/agent/models.json` (Chat Completions at `<model>/v1`). Retries are off in `~/.pi/agent/settings.json`:
// by default one HTTP 500 costs 12 requests and about 22 s (Pi's 3 retries times the OpenAI SDK's 2), and
// `retry.enabled: false` alone still leaves the SDK's. `PI_OFFLINE=1` keeps the grep/find tools from
// downloading rg/fd. Pi reads a non-TTY stdin to its end before it starts: runAgent's stdin is /dev/null.
// Project extensions and skills load only in a trusted project (1.6.0); runAgent grants no trust of its own.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RuntimeSetup } from '../_setup.js';
import { SCRIPTED_API_KEY } from '../_setup.js';
import { piNodeFolder } from './node.js';

/** The provider and model runs name; `models.json` declares them. */
export const PI_SCRIPTED_PROVIDER = 'scripted';
export const PI_SCRIPTED_MODEL = 'gpt-4.1';

/** The machine-output flags runs use unless `outputArgs` replaces them. */
export const PI_OUTPUT_ARGS = ['--mode', 'json'] as const;

type JsonRecord = Record<string, unknown>;

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function merge(target: JsonRecord, patch: JsonRecord): JsonRecord {
  const merged: JsonRecord = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    const current = merged[key];
    merged[key] = isRecord(value) && isRecord(current) ? merge(current, value) : value;
  }
  return merged;
}

function readObject(file: string): JsonRecord {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`runAgent: ${file} is not JSON (${(error as Error).message}); expected an object.`);
  }
  if (!isRecord(parsed)) throw new Error(`runAgent: ${file} holds no JSON object; expected an object.`);
  return parsed;
}

/** Write `patch` into the JSON object in `file`, keeping what an install put there. */
function mergeInto(file: string, patch: JsonRecord): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(merge(readObject(file), patch), null, 2)}\n`);
}

/** The `models.json` provider that points Pi at the scripted model. */
export function piScriptedProvider(modelUrl: string): JsonRecord {
  return {
    providers: {
      [PI_SCRIPTED_PROVIDER]: {
        baseUrl: `${modelUrl}/v1`,
        api: 'openai-completions',
        apiKey: SCRIPTED_API_KEY,
        models: [{ id: PI_SCRIPTED_MODEL }],
      },
    },
  };
}

/** The settings that bound retries: `maxRetries` of Pi's own, and none of the provider SDK's. */
export function piRetrySettings(maxRetries: number): JsonRecord {
  return { retry: { enabled: maxRetries > 0, maxRetries, provider: { maxRetries: 0 } } };
}

function namesModel(args: readonly string[]): boolean {
  return args.some((arg) => ['--model', '--provider'].includes(arg.split('=')[0] ?? arg));
}

export const piSetup: RuntimeSetup = {
  bin: 'pi',
  protocol: 'chat-completions',
  // Pi 1.6.0 declares `read`, `bash`, `edit` and `write`; `bash` takes `{ command, timeout? }`.
  shellTools: [{ name: 'bash', input: (command) => ({ command }) }],
  async prepare({ cli, folders, modelUrl, env, options }) {
    const agentDir = join(folders.home, '.pi', 'agent');
    mergeInto(join(agentDir, 'models.json'), piScriptedProvider(modelUrl));
    mergeInto(join(agentDir, 'settings.json'), piRetrySettings(options.maxRetries ?? 0));
    const nodeFolder = piNodeFolder(cli, env.PATH);
    const extra = options.args ?? [];
    const model = namesModel(extra) ? [] : ['--provider', PI_SCRIPTED_PROVIDER, '--model', PI_SCRIPTED_MODEL];
    const output = options.outputArgs ?? PI_OUTPUT_ARGS;
    return {
      args: [...model, ...output, ...extra, options.prompt],
      modelArgs: model,
      env: {
        ...env,
        ...(nodeFolder ? { PATH: `${nodeFolder}:${env.PATH ?? ''}` } : {}),
        PI_OFFLINE: '1',
      },
    };
  },
};
