// Gemini CLI 0.61.0: `gemini --output-format stream-json --prompt=<prompt>` prints stream-json whose `init`
// carries the session id; `--resume=<session id>` continues that session (`SessionSelector.findSession`
// matches the id first). The prompt goes as `--prompt=<text>`: a positional prompt after `--` is not read
// headless ("No input provided via stdin"), and `--prompt=-x` stays text. Both run against 0.61.0 with the
// scripted model: the resumed run kept the session id and was the model's turn 1. It has no structured-output option. Headless it runs nothing in an untrusted
// folder (exit 55): the caller's folder must be trusted (`GEMINI_CLI_TRUST_WORKSPACE=true` or
// ~/.gemini/trustedFolders.json).
import type { HostRuntime } from './host-runtime.js';

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
};
