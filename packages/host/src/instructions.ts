import { type AnyContract, submitTool } from '@skillpack/core';

/**
 * The contract's instructions for a prompt: what to end with (or, for a tool-delivered contract, the submit
 * tool to call), its rules, and one example answer rendered by the contract itself (or the tool's arguments). Added after the caller's prompt unless `instructions: false`.
 */
export function contractInstructions(contract: AnyContract): string {
  const tool = contract.toolName;
  const lines = [
    tool === undefined
      ? `End your answer with the ${contract.title} (${contract.id}): ${contract.description}`
      : `Deliver the ${contract.title} (${contract.id}) by calling the ${tool} tool, not in your message: ${contract.description}`,
    ...contract.rules.map((rule) => `- ${rule}`),
  ];
  const example = contract.examples[0];
  if (example !== undefined) {
    lines.push(
      tool === undefined ? 'For example:' : `For example, call ${tool} with the arguments:`,
      tool === undefined
        ? contract.render(example.value)
        : JSON.stringify(submitTool(contract)?.argumentsOf(example.value)),
    );
  }
  return lines.join('\n');
}

/** The prompt of the first attempt: the caller's prompt, then the contract's instructions when asked. */
export function firstPrompt(prompt: string, contract: AnyContract, withInstructions: boolean): string {
  return withInstructions ? `${prompt}\n\n${contractInstructions(contract)}` : prompt;
}
