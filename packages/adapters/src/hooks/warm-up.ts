import type { AnyContract } from '@skillpack/core';
import { blockChainKey } from './block-budget.js';
import { checkContracts } from './contract-check.js';
import { decideStop, toStopHookOutput } from './stop-decision.js';
import type { StopHookRuntime } from './stop-event.js';
import { renderStopHookOutput } from './stop-hook-output.js';

/**
 * Run every pure decision path once, with no I/O: a satisfied, a blocked and a spent stop for each contract,
 * and a valid and an invalid payload for each runtime given. The prebuilt hook calls this before it stores
 * its code cache, so the cache also holds the code of the paths its first run did not take.
 */
export function warmUpDecisionPaths(
  contracts: readonly AnyContract[],
  runtimes: readonly StopHookRuntime[],
): void {
  for (const runtime of runtimes) {
    runtime.parseInput({});
    const event = runtime.parseInput({
      session_id: 'warm-up',
      turn_id: 'warm-up',
      hook_event_name: 'Stop',
      stop_hook_active: true,
      last_assistant_message: null,
      transcript_path: null,
    });
    if (event.success) blockChainKey(event.data, ['warm.up']);
  }
  for (const contract of contracts) {
    const example = contract.examples[0];
    if (example) checkContracts([contract], contract.render(example.value));
    const check = checkContracts([contract], 'warm-up');
    for (const blocksSoFar of [0, 2]) {
      renderStopHookOutput(toStopHookOutput(decideStop({ check, blocksSoFar, maxBlocks: 2 })));
    }
  }
}
