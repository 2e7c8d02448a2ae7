import type { AgentRun } from '../../src/agent-run.js';
import { readQwenCodeRun } from '../../src/qwen-code/read.js';

/** Qwen Code output read with the runtime named (no detection). */
export function readQwen(input: string | Buffer): Promise<AgentRun> {
  return readQwenCodeRun(input);
}

export const capture = (file: string) => new URL(`../fixtures/qwen-code/captured/${file}`, import.meta.url);
