// Copilot captures read synchronously, by the same line reader `readAgentRun` uses, with the runtime given.
import { readFileSync } from 'node:fs';
import { createLineSplitter } from '../../src/_shared/line-splitter.js';
import type { AgentRun } from '../../src/agent-run.js';
import { createRunLineReader } from '../../src/read-agent-run.js';

/** Read Copilot `--output-format json` output (text or bytes) with the Copilot reader. */
export function readCopilot(input: string | Buffer): AgentRun {
  const { dispatcher, settings } = createRunLineReader({ runtime: 'copilot-cli' });
  const splitter = createLineSplitter(settings.maxLineBytes, dispatcher);
  if (typeof input === 'string') splitter.text(input);
  else splitter.bytes(input);
  splitter.end();
  return dispatcher.finish();
}

const fixtures = new URL('../fixtures/copilot-cli/', import.meta.url);

/** A stdout capture of the real CLI (`captured/`). */
export const captured = (file: string) => readFileSync(new URL(`captured/${file}`, fixtures));
/** A session's `events.jsonl` captured without a hook (`hook/<stem>.events.jsonl`). */
export const hookEvents = (stem: string) => readFileSync(new URL(`hook/${stem}.events.jsonl`, fixtures));
/** A hook scenario's stdin lines and `events.jsonl` (`hook/`). */
export function hookCapture(stem: string) {
  const inputs = readFileSync(new URL(`hook/${stem}.hook-input.jsonl`, fixtures), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { inputs, events: hookEvents(stem) };
}
export const capturedDir = new URL('captured/', fixtures);
