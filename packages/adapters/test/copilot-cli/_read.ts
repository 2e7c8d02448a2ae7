// Until `copilot-cli` is a RuntimeId of the registry, its captures are read through the same dispatcher
// `readAgentRun` uses, with the Copilot reader as the fixed runtime.
import { readFileSync } from 'node:fs';
import { createLineDispatcher } from '../../src/_shared/line-dispatcher.js';
import { createLineSplitter } from '../../src/_shared/line-splitter.js';
import { RunBuilder } from '../../src/_shared/run-builder.js';
import type { RunReaderFactory } from '../../src/_shared/run-reader.js';
import type { AgentRun } from '../../src/agent-run.js';
import { createCopilotCliReader } from '../../src/copilot-cli/events-json.js';
import type { RuntimeId } from '../../src/runtime-id.js';

const settings = {
  maxLineBytes: 16 * 1024 * 1024,
  keepEvents: 0,
  keepMessages: Number.POSITIVE_INFINITY,
  keepTools: Number.POSITIVE_INFINITY,
  maxToolOutputChars: 64 * 1024,
  maxToolOutputTotalChars: 256 * 1024,
};

/** Read Copilot `--output-format json` output (text or bytes) with the Copilot reader. */
export function readCopilot(input: string | Buffer): AgentRun {
  const run = new RunBuilder(settings);
  const readers = { 'copilot-cli': createCopilotCliReader } as unknown as Record<RuntimeId, RunReaderFactory>;
  const dispatcher = createLineDispatcher(run, {
    ...settings,
    runtime: 'copilot-cli' as RuntimeId,
    readers,
  });
  const splitter = createLineSplitter(settings.maxLineBytes, dispatcher);
  if (typeof input === 'string') splitter.text(input);
  else splitter.bytes(input);
  splitter.end();
  return dispatcher.finish();
}

const fixtures = new URL('../fixtures/copilot-cli/', import.meta.url);

/** A stdout capture of the real CLI (`captured/`). */
export const captured = (file: string) => readFileSync(new URL(`captured/${file}`, fixtures));
/** A hook scenario's stdin lines and `events.jsonl` (`hook/`). */
export function hookCapture(stem: string) {
  const inputs = readFileSync(new URL(`hook/${stem}.hook-input.jsonl`, fixtures), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const events = readFileSync(new URL(`hook/${stem}.events.jsonl`, fixtures));
  return { inputs, events };
}
export const capturedDir = new URL('captured/', fixtures);
