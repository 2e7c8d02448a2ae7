// OpenCode 1.18: `opencode run --format json`, configured through OPENCODE_CONFIG_CONTENT so nothing is
// written into the project. Its skill tool needs ripgrep on PATH (otherwise it tries to download one). It can
// still be writing its snapshot store in the run's temp root for a moment after its process group is gone
// (ENOTEMPTY in CI), which `removeRunFolders` retries.
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { RuntimeSetup } from '../_setup.js';
import { SCRIPTED_API_KEY } from '../_setup.js';
import { findRipgrep } from './ripgrep.js';

export function openCodeConfig(modelUrl: string): string {
  return JSON.stringify({
    provider: {
      scripted: {
        npm: '@ai-sdk/openai-compatible',
        name: 'Scripted model',
        options: { baseURL: `${modelUrl}/v1`, apiKey: '{env:SKILLPACK_TESTING_API_KEY}' },
        models: { model: { name: 'Scripted model', tool_call: true } },
      },
    },
    model: 'scripted/model',
    small_model: 'scripted/model',
    autoupdate: false,
    share: 'disabled',
  });
}

export const openCodeSetup: RuntimeSetup = {
  bin: 'opencode',
  protocol: 'chat-completions',
  // Its `bash` requires a description next to the command.
  shellTools: [{ name: 'bash', input: (command) => ({ command, description: 'Run a scripted command' }) }],
  async prepare({ folders, modelUrl, env, options }) {
    let path = env.PATH ?? '';
    const ripgrep = findRipgrep(path);
    if (ripgrep && !ripgrep.onPath) {
      const bin = join(folders.root, 'bin');
      mkdirSync(bin, { recursive: true });
      symlinkSync(ripgrep.file, join(bin, 'rg'));
      path = `${bin}:${path}`;
    }
    const output = options.outputArgs ?? ['--format', 'json'];
    return {
      args: ['run', ...output, ...(options.args ?? []), options.prompt],
      modelArgs: [],
      env: {
        ...env,
        PATH: path,
        OPENCODE_CONFIG_CONTENT: openCodeConfig(modelUrl),
        OPENCODE_DISABLE_AUTOUPDATE: '1',
        OPENCODE_DISABLE_MODELS_FETCH: '1',
        OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
        OPENCODE_DISABLE_SHARE: '1',
        SKILLPACK_TESTING_API_KEY: SCRIPTED_API_KEY,
      },
    };
  },
};
