// Claude Code 2.1.x: `claude -p` against ANTHROPIC_BASE_URL. Without CLAUDE_CODE_TMPDIR and XDG_RUNTIME_DIR
// it writes under /tmp (CLAUDE_CODE_TMPDIR is the run's TMPDIR); CLAUDE_CODE_MAX_RETRIES=0 turns a scripted
// 5xx into one request, not ten. `prompt: ''` gives no prompt argument: with `--input-format stream-json`
// the user messages come from `stdin`.
import type { RuntimeSetup } from '../_setup.js';
import { SCRIPTED_API_KEY } from '../_setup.js';

export const claudeCodeSetup: RuntimeSetup = {
  bin: 'claude',
  protocol: 'anthropic-messages',
  shellTools: [{ name: 'Bash', input: (command) => ({ command, description: 'Run a scripted command' }) }],
  async prepare({ folders, modelUrl, env, options }) {
    const output = options.outputArgs ?? ['--output-format', 'stream-json', '--verbose'];
    const plugins = (options.pluginDirs ?? []).flatMap((dir) => ['--plugin-dir', dir]);
    return {
      args: [
        '-p',
        ...(options.prompt === '' ? [] : [options.prompt]),
        ...output,
        ...plugins,
        ...(options.args ?? []),
      ],
      modelArgs: [],
      env: {
        ...env,
        ANTHROPIC_BASE_URL: modelUrl,
        ANTHROPIC_API_KEY: SCRIPTED_API_KEY,
        CLAUDE_CODE_TMPDIR: folders.tmp,
        CLAUDE_CODE_MAX_RETRIES: String(options.maxRetries ?? 0),
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        DISABLE_TELEMETRY: '1',
        DISABLE_AUTOUPDATER: '1',
        DISABLE_ERROR_REPORTING: '1',
      },
    };
  },
};
