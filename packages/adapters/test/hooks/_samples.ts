import { readFileSync } from 'node:fs';

const FIXTURE_FOLDERS = { claude: 'claude-code', codex: 'codex', opencode: 'opencode' } as const;

/** A captured sample: the verbatim copy in `test/fixtures/<runtime>/` (origin in its `SOURCES.md`). */
export function readSample(folder: keyof typeof FIXTURE_FOLDERS, file: string): string {
  return readFileSync(new URL(`../fixtures/${FIXTURE_FOLDERS[folder]}/${file}`, import.meta.url), 'utf8');
}

export function readSampleJson(folder: keyof typeof FIXTURE_FOLDERS, file: string): Record<string, unknown> {
  return JSON.parse(readSample(folder, file)) as Record<string, unknown>;
}

/** A Codex Stop payload shaped like the generated schema requires (checked with ajv below). */
export const CODEX_STOP = {
  cwd: '/work/project',
  hook_event_name: 'Stop',
  last_assistant_message: 'Done.',
  model: 'gpt-5.5-codex',
  permission_mode: 'default',
  session_id: '019a-session',
  stop_hook_active: false,
  transcript_path: '/home/dev/.codex/sessions/rollout.jsonl',
  turn_id: 'turn-7',
};
