// Claude Code 2.1.328: `claude -p <prompt> --output-format stream-json --verbose` (stream-json needs
// --verbose); `--resume <session_id>` continues the run's session; `--json-schema <json>` adds a
// StructuredOutput tool whose input becomes the result's `structured_output`. It exits 1 with "--json-schema
// is not a valid JSON Schema: no schema with key or ref …" while the schema carries `$schema`.
import type { HostRuntime } from '../host-runtime.js';

const OUTPUT = ['--output-format', 'stream-json', '--verbose'];

export const claudeCodeHost: HostRuntime = {
  bin: 'claude',
  versionPattern: /^(\d+\.\d+\.\d+) \(Claude Code\)/,
  versions: { min: '2.1.0', below: '2.2.0' },
  // The prompt goes after `--`: one that starts with `-` is text, not an option.
  start: ({ prompt, native, extra }) => ['-p', ...OUTPUT, ...native, ...extra, '--', prompt],
  resume: (sessionId, { prompt, native, extra }) => [
    '-p',
    '--resume',
    sessionId,
    ...OUTPUT,
    ...native,
    ...extra,
    '--',
    prompt,
  ],
  nativeSchema: {
    flag: '--json-schema',
    variant: 'standard',
    args: (schema) => {
      const { $schema: _dialect, ...accepted } = schema;
      return ['--json-schema', JSON.stringify(accepted)];
    },
  },
};
