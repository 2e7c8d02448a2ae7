// Qwen Code 0.24.4: `qwen --output-format stream-json --include-partial-messages --prompt=<prompt>` prints
// stream-json whose `system` init line carries the session id; `--resume=<session id>` continues that session.
// The partial messages are what let the reader tell one answer from the attempts a push-back glues into one
// message. `--prompt=` keeps a prompt that starts with `-` text. Its `--json-schema` ends the session on a
// synthetic tool call instead of a final message, so it is not used. Qwen Code needs Node.js >= 22 on PATH.
import type { HostRuntime } from './host-runtime.js';

const OUTPUT = ['--output-format', 'stream-json', '--include-partial-messages'];

export const qwenCodeHost: HostRuntime = {
  bin: 'qwen',
  versionPattern: /^(\d+\.\d+\.\d+)/,
  versions: { min: '0.24.4', below: '0.25.0' },
  start: ({ prompt, native, extra }) => [...OUTPUT, ...native, ...extra, `--prompt=${prompt}`],
  resume: (sessionId, { prompt, native, extra }) => [
    `--resume=${sessionId}`,
    ...OUTPUT,
    ...native,
    ...extra,
    `--prompt=${prompt}`,
  ],
};
