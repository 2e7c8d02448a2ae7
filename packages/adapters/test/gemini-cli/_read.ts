import type { AgentRun } from '../../src/agent-run.js';
import { readAgentRun } from '../../src/read-agent-run.js';

/** Read Gemini CLI stream-json with the runtime given. */
export function readGemini(input: string | Uint8Array): Promise<AgentRun> {
  return readAgentRun(input, { runtime: 'gemini-cli' });
}
