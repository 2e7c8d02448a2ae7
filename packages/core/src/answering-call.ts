import type { ContractToolCall } from './contract.js';

/**
 * Whether a call may answer the prompt being answered, on every read path: the agent's own (a subagent's call
 * answers the agent that spawned it, not the person), made for that prompt (not before the last one a person
 * wrote). Pure.
 */
export function isAnsweringCall(call: ContractToolCall | null | undefined): boolean {
  return call?.subagent !== true && call?.earlierPrompt !== true;
}
