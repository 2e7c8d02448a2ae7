// OpenCode 1.18.33: `opencode run --format json <prompt>` prints JSON events carrying `sessionID`;
// `--session <id>` continues that session. `opencode run` has no structured-output option. It takes its
// project from PWD, not from its working directory: spawned with the host's PWD, its tools ran in the host's
// folder and it read that folder's configuration (issue #38), so spawnRun sets PWD to `cwd` for every CLI.
import type { HostRuntime } from '../host-runtime.js';

const OUTPUT = ['--format', 'json'];

export const openCodeHost: HostRuntime = {
  bin: 'opencode',
  versionPattern: /^(\d+\.\d+\.\d+)/,
  versions: { min: '1.18.0', below: '1.19.0' },
  // The prompt goes after `--`: one that starts with `-` is text, not an option.
  start: ({ prompt, extra }) => ['run', ...OUTPUT, ...extra, '--', prompt],
  resume: (sessionId, { prompt, extra }) => [
    'run',
    ...OUTPUT,
    '--session',
    sessionId,
    ...extra,
    '--',
    prompt,
  ],
};
