// Until `qwen-code` is a RuntimeId, the tests read Qwen Code output through the same dispatcher and splitter
// readAgentRun uses, with the Qwen Code reader forced.
import { feedInput } from '../../src/_shared/input-chunks.js';
import { createLineDispatcher } from '../../src/_shared/line-dispatcher.js';
import { createLineSplitter } from '../../src/_shared/line-splitter.js';
import { RunBuilder } from '../../src/_shared/run-builder.js';
import type { RunReaderFactory } from '../../src/_shared/run-reader.js';
import type { AgentRun } from '../../src/agent-run.js';
import { createQwenCodeReader, QWEN_CODE_RUNTIME } from '../../src/qwen-code/stream-json.js';
import { DEFAULT_MAX_LINE_BYTES } from '../../src/read-agent-run.js';
import type { RuntimeId } from '../../src/runtime-id.js';

export async function readQwen(input: string | Buffer): Promise<AgentRun> {
  const settings = {
    runtime: QWEN_CODE_RUNTIME,
    maxLineBytes: DEFAULT_MAX_LINE_BYTES,
    keepEvents: 0,
    keepMessages: Number.POSITIVE_INFINITY,
    keepTools: Number.POSITIVE_INFINITY,
    maxToolOutputChars: 64 * 1024,
    maxToolOutputTotalChars: 256 * 1024,
  };
  const run = new RunBuilder(settings);
  const readers = { [QWEN_CODE_RUNTIME]: createQwenCodeReader } as unknown as Record<
    RuntimeId,
    RunReaderFactory
  >;
  const dispatcher = createLineDispatcher(run, { ...settings, readers });
  const splitter = createLineSplitter(settings.maxLineBytes, dispatcher);
  await feedInput(input, splitter, (problem) => run.problem(problem));
  splitter.end();
  return dispatcher.finish();
}

export const capture = (file: string) => new URL(`../fixtures/qwen-code/captured/${file}`, import.meta.url);
