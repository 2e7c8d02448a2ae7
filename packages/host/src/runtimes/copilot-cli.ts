// GitHub Copilot CLI 1.0.102: `copilot --prompt=<prompt> --output-format json --allow-all-tools` prints JSONL
// session events ending in a `result` line with the session id; `--resume <session_id>` continues it (from
// `copilot help`; the resume was not run against the scripted model yet). `--prompt=` keeps a prompt that
// starts with `-` text. No structured-output option.
import type { HostRuntime } from './host-runtime.js';

const OUTPUT = ['--output-format', 'json', '--allow-all-tools'];

export const copilotCliHost: HostRuntime = {
  bin: 'copilot',
  versionPattern: /^GitHub Copilot CLI (\d+\.\d+\.\d+)/,
  versions: { min: '1.0.102', below: '1.1.0' },
  start: ({ prompt, native, extra }) => [...OUTPUT, ...native, ...extra, `--prompt=${prompt}`],
  resume: (sessionId, { prompt, native, extra }) => [
    `--resume=${sessionId}`,
    ...OUTPUT,
    ...native,
    ...extra,
    `--prompt=${prompt}`,
  ],
};
