import type { ContractToolCall, ProtocolError, Result } from '@skillpack/core';
import { readTranscriptFile, readTranscriptRun } from './hooks/transcript.js';
import { readAgentRun } from './read-agent-run.js';
import type { RuntimeId } from './runtime-id.js';

/**
 * The last assistant message of a hook's transcript file that is a runtime's own output (`runtime`), or
 * another runtime's to detect (`auto`), read by the one reader engine. A runtime's Stop hook loads this
 * lazily, on a stop whose payload carries no message.
 */
export function readRunTranscript(path: string, runtime: 'auto' | RuntimeId) {
  return readTranscriptFile(path, (stream) => readAgentRun(stream, { runtime }));
}

/**
 * The tool calls of a hook's transcript file (see `readRunTranscript`): what a tool-delivered contract is read
 * from, since the payload carries the final message alone. Loaded lazily, on a stop that checks such a contract.
 */
export async function readRunTranscriptTools(
  path: string,
  runtime: 'auto' | RuntimeId,
): Promise<Result<readonly ContractToolCall[], ProtocolError>> {
  const read = await readTranscriptRun(path, (stream) => readAgentRun(stream, { runtime }));
  return read.success ? { success: true, data: read.data.tools } : read;
}
