import type { BlockCounter } from './block-budget.js';
import { type AllowReason, allowBecauseOfHookError } from './stop-decision.js';

/** What the budget needs of a decision: a block's number, an allow's reason. */
export type BudgetedDecision =
  | { readonly kind: 'block'; readonly blocks: number }
  | { readonly kind: 'allow'; readonly because: AllowReason };

const stateProblem = (why: string) =>
  `its block count cannot be kept (${why}), so it relies on the runtime's stop_hook_active alone and lets this repeated stop through. Set SKILLPACK_HOOK_STATE_DIR to a folder only you can write.`;

/** The stop's place in its chain: whether it follows a block, the budget, and the chain's counter. */
export interface ChainBudget {
  readonly stopHookActive: boolean;
  readonly maxBlocks: number;
  /** The chain's counter, made only for a budget above one: a budget of one needs no state. */
  readonly counter: () => BlockCounter;
}

/**
 * The decision on a stop within its chain's block budget: `decideAt(blocksSoFar)` decides for a count of blocks
 * already spent, starting from what `stopHookActive` says; a block is taken from the chain's counter, and the
 * chain's blocks are forgotten when a new chain starts or a repeated stop is let through. The one rule both the
 * whole hook and a pack hook's fast path spend blocks by.
 */
export async function decideWithinBudget<D extends BudgetedDecision>(
  decideAt: (blocksSoFar: number) => D,
  { stopHookActive, maxBlocks, counter: counterOf }: ChainBudget,
): Promise<D | ReturnType<typeof allowBecauseOfHookError>> {
  // `stop_hook_active` already says a block happened, which is all a budget of one needs.
  const counter = maxBlocks > 1 ? counterOf() : undefined;
  // `stop_hook_active` says this stop follows a block: block 1 of the chain is spent, whether recorded or not.
  let decision = decideAt(stopHookActive ? 1 : 0);
  if (decision.kind === 'block' && counter) {
    // A stop without `stop_hook_active` starts a new chain: what an interrupted chain left is forgotten.
    if (!stopHookActive) await counter.clear();
    // Take the next free block; one another hook process of this chain took first moves us on, so of any
    // number of concurrent stops exactly the blocks left in the budget are blocked.
    for (;;) {
      const taken = await counter.claim(decision.blocks);
      if (taken === true) break;
      // A block that cannot be counted would come back with the same count: let a repeated stop through.
      if (taken !== false) {
        if (stopHookActive) return allowBecauseOfHookError(stateProblem(taken.unusable));
        break;
      }
      decision = decideAt(decision.blocks);
      if (decision.kind !== 'block') break;
    }
  } else if (stopHookActive && decision.kind === 'allow' && decision.because !== 'budget_spent')
    await counter?.clear();
  return decision;
}
