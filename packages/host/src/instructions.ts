import type { AnyContract } from '@skillpack/core';

/**
 * The contract's instructions for a prompt: what to end with, its rules, and one example answer rendered
 * by the contract itself. Added after the caller's prompt unless `instructions: false`.
 */
export function contractInstructions(contract: AnyContract): string {
  const lines = [
    `End your answer with the ${contract.title} (${contract.id}): ${contract.description}`,
    ...contract.rules.map((rule) => `- ${rule}`),
  ];
  const example = contract.examples[0];
  if (example !== undefined) lines.push('For example:', contract.render(example.value));
  return lines.join('\n');
}

/** The prompt of the first attempt: the caller's prompt, then the contract's instructions when asked. */
export function firstPrompt(prompt: string, contract: AnyContract, withInstructions: boolean): string {
  return withInstructions ? `${prompt}\n\n${contractInstructions(contract)}` : prompt;
}
