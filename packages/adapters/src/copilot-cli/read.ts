import type { Readable } from 'node:stream';
import type { AgentRun } from '../agent-run.js';
import { type AgentRunInput, type ReadAgentRunOptions, readAgentRun } from '../read-agent-run.js';
import type { RuntimeId } from '../runtime-id.js';
import { COPILOT_CLI } from './subagent.js';

/** `readAgentRun` with the runtime fixed to `copilot-cli` (no detection). */
export function readCopilotCliRun(
  input: AgentRunInput | Readable,
  options: Omit<ReadAgentRunOptions, 'runtime'> = {},
): Promise<AgentRun> {
  return readAgentRun(input, { ...options, runtime: COPILOT_CLI as RuntimeId });
}
