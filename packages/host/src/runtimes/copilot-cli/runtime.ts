// GitHub Copilot CLI 1.0.102: `copilot --prompt=<prompt> --output-format json --allow-all-tools` prints JSONL
// session events ending in a `result` line with the session id; `--resume=<session id>` continues it.
// `--prompt=` keeps a prompt that starts with `-` text. No structured-output option (`copilot --help`), and
// the `result` line reports no token counts (premium requests and durations only). Run against 1.0.102 in
// BYOK mode (COPILOT_OFFLINE, COPILOT_PROVIDER_BASE_URL) and a scripted model by e2e/host-runtimes.test.mjs:
// the resumed run keeps the session id and carries the first prompt and answer as history; an HTTP 400 is a
// `session.error` and exit 1, read as `api_error`.
import type { HostRuntime } from '../host-runtime.js';

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
