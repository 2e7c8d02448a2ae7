// Until gemini-cli is in RUNTIME_IDS (the runtime registry), its reader is driven here the way readAgentRun
// drives a registered one: the same splitter, dispatcher and run builder, with the runtime fixed.
import { feedInput } from '../../src/_shared/input-chunks.js';
import { createLineDispatcher } from '../../src/_shared/line-dispatcher.js';
import { createLineSplitter } from '../../src/_shared/line-splitter.js';
import { RunBuilder } from '../../src/_shared/run-builder.js';
import type { AgentRun } from '../../src/agent-run.js';
import { createGeminiCliReader } from '../../src/gemini-cli/stream-json.js';
import { DEFAULT_MAX_LINE_BYTES } from '../../src/read-agent-run.js';

export async function readGemini(input: string | Uint8Array): Promise<AgentRun> {
  const settings = {
    keepEvents: 0,
    keepMessages: Number.POSITIVE_INFINITY,
    keepTools: Number.POSITIVE_INFINITY,
    maxToolOutputChars: 64 * 1024,
    maxToolOutputTotalChars: 256 * 1024,
  };
  const run = new RunBuilder(settings);
  const readers = { 'gemini-cli': createGeminiCliReader } as never;
  const dispatcher = createLineDispatcher(run, {
    runtime: 'gemini-cli' as never,
    maxLineBytes: DEFAULT_MAX_LINE_BYTES,
    readers,
  });
  const splitter = createLineSplitter(DEFAULT_MAX_LINE_BYTES, dispatcher);
  await feedInput(input, splitter, (problem) => run.problem(problem));
  splitter.end();
  return dispatcher.finish();
}
