import type { Contract, ContractResult, ContractToolCall, ExtractOptions } from '@skillpack/core';

/** What a run or a stop offers a contract to be read from; a channel left out was not read. */
export interface ContractChannels {
  /** The run's tool calls, for a contract that reads them (`readToolCalls`). */
  readonly calls?: readonly ContractToolCall[];
  readonly finalText?: string;
  /** Claude's `structured_output`. */
  readonly structuredOutput?: unknown;
}

/**
 * The one order every read path reads a contract in (`extractContract`, the Stop hooks, the plugin and the
 * extension): the tool calls it reads, then the final message, then structured output; the first the contract
 * is satisfied by wins. Failing all, a tool call that attempted the contract (it says more than a message
 * without one), else the final message's failure; `undefined` when no channel gave anything. Pure.
 */
export function readContractChannels<T>(
  contract: Contract<T>,
  channels: ContractChannels,
  options: ExtractOptions = {},
): ContractResult<T> | undefined {
  const satisfies = (result: ContractResult<T> | undefined): boolean =>
    result?.success === true && contract.judge(result).satisfied;
  const fromTools = channels.calls === undefined ? undefined : contract.readToolCalls?.(channels.calls);
  if (satisfies(fromTools)) return fromTools;
  const fromText =
    channels.finalText === undefined ? undefined : contract.extract(channels.finalText, options);
  if (satisfies(fromText)) return fromText;
  if (channels.structuredOutput !== undefined) {
    const structured = contract.validate(channels.structuredOutput);
    if (satisfies(structured)) return structured;
  }
  if (fromTools !== undefined && (fromTools.success || contract.isAttempt(fromTools.error))) return fromTools;
  return fromText;
}
