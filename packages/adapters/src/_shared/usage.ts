import type { RunUsage } from '../agent-run.js';

function plus(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : a + b;
}

/** Sum two usage records; a counter stays `undefined` only when neither side reports it. */
export function addRunUsage(a: RunUsage | undefined, b: RunUsage): RunUsage {
  if (!a) return b;
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: plus(a.cacheReadTokens, b.cacheReadTokens),
    cacheWriteTokens: plus(a.cacheWriteTokens, b.cacheWriteTokens),
    reasoningTokens: plus(a.reasoningTokens, b.reasoningTokens),
  };
}

export function addCost(a: number | undefined, b: number | undefined): number | undefined {
  return plus(a, b);
}
