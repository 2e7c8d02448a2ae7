// Gemini CLI 0.61.0: `gemini --output-format stream-json --prompt=<prompt>` prints stream-json whose `init`
// carries the session id; `--resume=<session id>` continues that session (`SessionSelector.findSession`
// matches the id first). The prompt goes as `--prompt=<text>`: a positional prompt after `--` is not read
// headless ("No input provided via stdin"), and `--prompt=-x` stays text. It has no structured-output
// option (`gemini --help`). Run against 0.61.0 and a scripted model by e2e/host-runtimes.test.mjs: the
// resumed run keeps the session id and carries the first prompt and answer as history; an HTTP 400 exits
// 144 (the status mod 256) after a `result` with `status: "error"`, read as `api_error`. Headless it runs
// nothing in an untrusted folder: exit 55 before any request, stdout empty (run with
// GEMINI_CLI_TRUST_WORKSPACE=false); the caller trusts the folder (`GEMINI_CLI_TRUST_WORKSPACE=true` or
// ~/.gemini/trustedFolders.json), runContract never does.
import type { HostRuntime } from '../host-runtime.js';

export const geminiCliHost: HostRuntime = {
  bin: 'gemini',
  versionPattern: /^(\d+\.\d+\.\d+)/,
  versions: { min: '0.61.0', below: '0.62.0' },
  start: ({ prompt, native, extra }) => [
    '--output-format',
    'stream-json',
    ...native,
    ...extra,
    `--prompt=${prompt}`,
  ],
  resume: (sessionId, { prompt, native, extra }) => [
    '--output-format',
    'stream-json',
    `--resume=${sessionId}`,
    ...native,
    ...extra,
    `--prompt=${prompt}`,
  ],
  requires:
    'a trusted folder: `GEMINI_CLI_TRUST_WORKSPACE=true` or `~/.gemini/trustedFolders.json` (headless, an untrusted folder exits 55)',
  exitCodes: {
    55: 'Gemini CLI runs nothing headless in an untrusted folder; trust it with GEMINI_CLI_TRUST_WORKSPACE=true or in ~/.gemini/trustedFolders.json',
  },
};
