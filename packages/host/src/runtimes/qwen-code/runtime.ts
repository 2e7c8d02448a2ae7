// Qwen Code 0.24.4: `qwen --output-format stream-json --include-partial-messages --prompt=<prompt>` prints
// stream-json whose `system` init line carries the session id; `--resume=<session id>` continues that session.
// The partial messages are what let the reader tell one answer from the attempts a push-back glues into one
// message. `--prompt=` keeps a prompt that starts with `-` text. Its `--json-schema` registers a synthetic
// `structured_output` tool and ends the session on its first valid call instead of a final message. Run
// against the scripted model: a plain-text answer ends the run as a failure (`result` subtype
// `error_during_execution`, "Model produced plain text instead of calling the structured_output tool", exit
// 1), so a wrong answer could never be corrected in the session; and a tool call gives no assistant text, the
// value only in the `result` line's `structured_result`, which the reader does not take as the answer. So the
// option is not used. Qwen Code needs Node.js >= 22 first on PATH (`engines.node`). Run against 0.24.4 (on Node
// 22.23.5 from npm) and a scripted model by e2e/host-runtimes.test.mjs: the resumed run keeps the session id
// and carries the first prompt and answer as history; an HTTP 400 is a `result` error, read as `api_error`.
import type { HostRuntime } from '../host-runtime.js';

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
  requires: 'Node.js 22 or newer first on PATH (`engines.node` of `@qwen-code/qwen-code`)',
};
