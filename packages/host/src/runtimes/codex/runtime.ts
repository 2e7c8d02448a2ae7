// Codex 0.169.0: `codex exec --json <prompt>` prints JSONL whose `thread.started` carries the thread id;
// `codex exec resume --json <thread_id> <prompt>` continues it; `--output-schema <file>` (on both) sends the
// schema as the Responses `text.format` with `strict: true`, so it gets the OpenAI-strict variant. OpenAI's
// strict structured outputs take only an object at the root (no root `anyOf`): a contract whose answer is a
// union (the Conflux verdict) runs without the option rather than fail every run with an API error.
import type { HostRuntime } from '../host-runtime.js';

export const codexHost: HostRuntime = {
  bin: 'codex',
  versionPattern: /^codex-cli (\d+\.\d+\.\d+)/,
  versions: { min: '0.169.0', below: '0.170.0' },
  // The positionals go after `--`: a prompt that starts with `-` is text, not an option.
  start: ({ prompt, native, extra }) => ['exec', '--json', ...native, ...extra, '--', prompt],
  resume: (sessionId, { prompt, native, extra }) => [
    'exec',
    'resume',
    '--json',
    ...native,
    ...extra,
    '--',
    sessionId,
    prompt,
  ],
  nativeSchema: {
    flag: '--output-schema',
    variant: 'openai',
    args: (schema, writeFile) => ['--output-schema', writeFile('output-schema.json', JSON.stringify(schema))],
    accepts: (schema) => schema.type === 'object' && schema.anyOf === undefined,
  },
};
