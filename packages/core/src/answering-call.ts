/** The marks of a call that say whom and which prompt it answers (a `ContractToolCall` has them). */
export interface AnsweringMarks {
  readonly subagent?: boolean;
  readonly earlierPrompt?: boolean;
}

/**
 * Whether a call may answer the prompt being answered, on every read path: the agent's own (a subagent's call
 * answers the agent that spawned it, not the person), made for that prompt (not before the last one a person
 * wrote). Pure.
 */
export function isAnsweringCall(call: AnsweringMarks | null | undefined): boolean {
  return call?.subagent !== true && call?.earlierPrompt !== true;
}
