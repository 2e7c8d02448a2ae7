import { stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ContractToolCall, describeValue, fail, ProtocolError, type Result } from '@skillpack/core';
import type { AgentRun } from './agent-run.js';
import { expandHome, readTranscriptFile, readTranscriptRun } from './hooks/transcript.js';
import { readAgentRun } from './read-agent-run.js';
import type { RuntimeId } from './runtime-id.js';
import { contractCallsOf } from './submit-calls.js';

/**
 * The last assistant message of a hook's transcript file that is a runtime's own output (`runtime`), or
 * another runtime's to detect (`auto`), read by the one reader engine. A runtime's Stop hook loads this
 * lazily, on a stop whose payload carries no message.
 */
export function readRunTranscript(path: string, runtime: 'auto' | RuntimeId) {
  return readTranscriptFile(path, (stream) => readAgentRun(stream, { runtime }));
}

const SETTLE_INTERVAL_MS = 75;
const SETTLE_LIMIT_MS = 1500;

/**
 * Wait until the file at `path` stops growing (two sizes one interval apart agree), at most `SETTLE_LIMIT_MS`.
 * Claude Code 2.1.328 writes the transcript asynchronously: at a stop, the lines of the turn's last tool calls
 * may not be there yet, and a submit read from such a file would be missed. Qwen Code 0.24.4 queues its chat
 * recording's writes too (`appendRecord`, not awaited before the Stop hook).
 */
async function settled(path: string): Promise<void> {
  let last = -1;
  for (let waited = 0; waited <= SETTLE_LIMIT_MS; waited += SETTLE_INTERVAL_MS) {
    const size = await stat(expandHome(path)).then(
      (info) => info.size,
      () => -2,
    );
    if (size === last || size === -2) return;
    last = size;
    await sleep(SETTLE_INTERVAL_MS);
  }
}

/** How `readRunTranscriptTools` waits for a transcript that is behind the stop. */
export interface TranscriptCatchUp {
  /** The stop's final message: the file is behind until its run completed with this final text. */
  readonly finalText: string;
  /** How long to wait for it (default 1500 ms); 0 reads the file once. */
  readonly limitMs?: number;
}

/** Whether a read shows the stop's final message: a run read as usable (complete, or unended) ending on it. */
const shows = (read: Result<AgentRun, ProtocolError>, finalText: string) =>
  read.success && read.data.finalText === finalText;

/**
 * The tool calls of a hook's transcript file (see `readRunTranscript`): what a tool-delivered contract is read
 * from, since the payload carries the final message alone; a call of one of the submit tools `toolNames`, as
 * the run's runtime names an MCP tool, carries that tool's name (`contractCallsOf`: every call the run settled,
 * whatever `run.tools` lists). Loaded lazily, on a stop
 * that checks such a contract. With `catchUp`, for a runtime that records the stop's final message before its
 * hook runs, a file that does not show that message yet is read again until it does, within the limit; one
 * that never does gives no calls (`transcript_behind`).
 */
export async function readRunTranscriptTools(
  path: string,
  runtime: 'auto' | RuntimeId,
  toolNames: readonly string[],
  catchUp?: TranscriptCatchUp,
): Promise<Result<readonly ContractToolCall[], ProtocolError>> {
  await settled(path);
  const readOnce = () =>
    readTranscriptRun(path, (stream) => readAgentRun(stream, { runtime }), { unended: true });
  let read = await readOnce();
  if (catchUp) {
    const limit = catchUp.limitMs ?? SETTLE_LIMIT_MS;
    for (let waited = 0; !shows(read, catchUp.finalText); waited += SETTLE_INTERVAL_MS) {
      if (waited >= limit) return fail(behind(path, catchUp.finalText, read));
      await sleep(SETTLE_INTERVAL_MS);
      read = await readOnce();
    }
  }
  return read.success ? { success: true, data: contractCallsOf(read.data, toolNames) } : read;
}

function behind(path: string, finalText: string, read: Result<AgentRun, ProtocolError>): ProtocolError {
  const shown = read.success ? `its run ends ${read.data.finish}` : read.error.message;
  return new ProtocolError(
    'transcript_behind',
    `The transcript ${describeValue(path)} does not show the stop's final message ${describeValue(finalText)} (${shown}): it is behind the stop, so its calls are not this stop's.`,
    { details: { path } },
  );
}
