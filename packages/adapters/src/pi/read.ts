import type { Readable } from 'node:stream';
import type { AgentRun } from '../agent-run.js';
import { type AgentRunInput, type ReadAgentRunOptions, readAgentRun } from '../read-agent-run.js';

/** `readAgentRun` with the runtime fixed to `pi` (no detection). */
export function readPiRun(
  input: AgentRunInput | Readable,
  options: Omit<ReadAgentRunOptions, 'runtime'> = {},
): Promise<AgentRun> {
  return readAgentRun(input, { ...options, runtime: 'pi' });
}
