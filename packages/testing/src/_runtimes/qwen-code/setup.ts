// Qwen Code 0.24.4: `qwen -p <prompt> --auth-type openai --output-format stream-json --include-partial-messages`
// against OPENAI_BASE_URL (Chat Completions). The user settings switch off what would reach the network or
// the model on the side: auto-update, usage statistics, telemetry and the managed-memory extraction and
// "dream" requests that follow a run; `maxRetries` bounds retries of a failed request. The shell runs in a pty
// (`tools.shell.enableInteractiveShell`, off by default for a `--prompt` run): 0.24.4's other path resolves a
// command on the child's `exit` before reading its stdout, so a command that exits at once, `pwd`, reached the
// model as "Output: (empty)" in 13 of 40 runs with both cores busy; through the pty, in none of 80. `--approval-mode
// yolo` keeps tool calls away from the `auto` mode's LLM permission classifier (a side request a script
// would have to answer). A Node.js >= 22 goes first on PATH (see node.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RuntimeSetup } from '../_setup.js';
import { SCRIPTED_API_KEY } from '../_setup.js';
import { qwenNodeFolder } from './node.js';

/** The model name sent; Qwen Code accepts any name for an OpenAI-compatible provider. */
export const QWEN_CODE_SCRIPTED_MODEL = 'gpt-4.1';

/** `$HOME/.qwen/settings.json` of a fresh run home. */
export function qwenCodeUserSettings(maxRetries: number): string {
  return `${JSON.stringify(
    {
      general: { enableAutoUpdate: false },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      memory: { enableManagedAutoMemory: false, enableManagedAutoDream: false },
      model: { generationConfig: { maxRetries } },
      tools: { shell: { enableInteractiveShell: true } },
    },
    null,
    2,
  )}\n`;
}

/** The machine-output flags runs use unless `outputArgs` replaces them. */
export const QWEN_CODE_OUTPUT_ARGS = [
  '--output-format',
  'stream-json',
  '--include-partial-messages',
] as const;

const APPROVAL_FLAGS = new Set(['--approval-mode', '--yolo', '-y']);

export const qwenCodeSetup: RuntimeSetup = {
  bin: 'qwen',
  protocol: 'chat-completions',
  // Qwen Code 0.24.4 declares `run_shell_command` (and no `bash`).
  shellTools: [
    { name: 'run_shell_command', input: (command) => ({ command, description: 'Run a scripted command' }) },
  ],
  async prepare({ cli, folders, modelUrl, env, options }) {
    if (!options.home) {
      const qwenHome = join(folders.home, '.qwen');
      mkdirSync(qwenHome, { recursive: true });
      writeFileSync(join(qwenHome, 'settings.json'), qwenCodeUserSettings(options.maxRetries ?? 0));
    }
    const nodeFolder = qwenNodeFolder(cli, env.PATH);
    const extra = options.args ?? [];
    const approval = extra.some((arg) => APPROVAL_FLAGS.has(arg.split('=')[0] ?? arg))
      ? []
      : ['--approval-mode', 'yolo'];
    const auth = ['--auth-type', 'openai'];
    const output = options.outputArgs ?? QWEN_CODE_OUTPUT_ARGS;
    return {
      args: ['-p', options.prompt, ...auth, ...output, ...approval, ...extra],
      modelArgs: [...auth, ...approval],
      env: {
        ...env,
        ...(nodeFolder ? { PATH: `${nodeFolder}:${env.PATH ?? ''}` } : {}),
        OPENAI_API_KEY: SCRIPTED_API_KEY,
        OPENAI_BASE_URL: `${modelUrl}/v1`,
        OPENAI_MODEL: QWEN_CODE_SCRIPTED_MODEL,
        QWEN_CODE_SUPPRESS_YOLO_WARNING: '1',
      },
    };
  },
};
