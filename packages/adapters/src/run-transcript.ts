import { readTranscriptFile } from './hooks/transcript.js';
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
