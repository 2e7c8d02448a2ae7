// The captured Codex 0.169.0 rollouts of the mcp-submit loop and the contract of their pack.
import { readFileSync } from 'node:fs';

export { refund } from '../_support/acme-refund.js';

export const rolloutUrl = (file: string) => new URL(`../fixtures/codex/rollout-${file}`, import.meta.url);

/** A captured rollout (fixtures/codex/SOURCES.md). */
export const rollout = (stem: string) => readFileSync(rolloutUrl(`${stem}-0.169.0.jsonl`));

/** The first `count` lines of `bytes`. */
export function firstLines(bytes: Buffer, count: number): Buffer {
  let end = 0;
  for (let i = 0; i < count; i++) end = bytes.indexOf(0x0a, end) + 1;
  return bytes.subarray(0, end);
}

/** A Codex Stop hook payload for a stop whose rollout is at `transcriptPath` and whose final message is `message`. */
export const codexStopPayload = (transcriptPath: string, message: string) => ({
  session_id: 's-1',
  turn_id: 't-1',
  transcript_path: transcriptPath,
  cwd: '/project',
  hook_event_name: 'Stop',
  model: 'gpt-5',
  permission_mode: 'bypassPermissions',
  stop_hook_active: false,
  last_assistant_message: message,
});
