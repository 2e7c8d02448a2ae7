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

/** A run's usage and cost, summed over the requests or steps that report them. */
export class UsageTotal {
  usage: RunUsage | undefined;
  costUsd: number | undefined;

  add(usage: RunUsage, costUsd?: number): void {
    this.usage = addRunUsage(this.usage, usage);
    this.costUsd = plus(this.costUsd, costUsd);
  }
}

/**
 * Usage of an Anthropic-style stream, where every line of a message repeats its usage: the last value per
 * message id counts, a turn's is the sum of its messages (unless the line that ends it says otherwise), and
 * the run's the sum of its turns.
 */
export class StreamUsage {
  private messageId: string | undefined;
  private ofMessage: RunUsage | undefined;
  private ofTurn: RunUsage | undefined;
  private readonly ofRun = new UsageTotal();

  /** The usage a message's line reports. */
  message(messageId: string | undefined, usage: RunUsage): void {
    if (messageId !== this.messageId && this.ofMessage)
      this.ofTurn = addRunUsage(this.ofTurn, this.ofMessage);
    this.messageId = messageId;
    this.ofMessage = usage;
  }

  /** A turn ended: `counted` gives its usage from its messages' own; the next message starts another turn. */
  endTurn(counted: (streamed: RunUsage | undefined) => RunUsage | undefined = (streamed) => streamed): void {
    if (this.ofMessage) this.ofTurn = addRunUsage(this.ofTurn, this.ofMessage);
    const used = counted(this.ofTurn);
    this.ofMessage = undefined;
    this.messageId = undefined;
    this.ofTurn = undefined;
    if (used) this.ofRun.add(used);
  }

  /** The run's usage, the turn still open included. */
  total(): RunUsage | undefined {
    this.endTurn();
    return this.ofRun.usage;
  }
}
