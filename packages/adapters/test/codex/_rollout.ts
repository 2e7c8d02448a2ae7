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
