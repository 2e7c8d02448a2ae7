import { fail, ok, type Result } from '../result.js';
import { devflowError } from './_errors.js';
import type { DevflowProtocolError } from './error-codes.js';

/** How one `dev_flow_apply_action` call for an Action ended, as far as the next call is concerned. */
export interface ApplyAttempt {
  readonly action_id: string;
  /** `committed`, a domain error with Core's code, or an uncertain result still to be recovered. */
  readonly outcome: 'committed' | 'uncertain' | { readonly domain_error: string };
}

/**
 * Whether an ordinary `dev_flow_apply_action` may be sent for `actionId`, given this Action's earlier
 * attempts. Seed 003: "If Core returns `INVALID_ARGUMENT`, … do not delete fields, submit a second candidate
 * payload for the same Action, automatically retry"; an uncertain result goes through recovery first ("Do not
 * immediately repeat `dev_flow_apply_action`"); a committed Action is spent. Any other domain error is
 * answered by Core's own `recovery` (see `describeDomainError`), which this guard does not replace.
 */
export function mayApplyAction(
  attempts: readonly ApplyAttempt[],
  actionId: string,
): Result<true, DevflowProtocolError> {
  for (const attempt of attempts) {
    if (attempt.action_id !== actionId) continue;
    const { outcome } = attempt;
    if (outcome === 'committed') {
      return fail(
        devflowError(
          'ACTION_ALREADY_APPLIED',
          'committed',
          `Action ${actionId} already committed; continue from Core's next Action.`,
        ),
      );
    }
    if (outcome === 'uncertain') {
      return fail(
        devflowError(
          'APPLY_OUTCOME_UNCERTAIN',
          'recovery_before_retry',
          `The last apply of Action ${actionId} is uncertain; read it back with dev_flow_get_task and the operation probe, and obey Core's next_advice.`,
        ),
      );
    }
    if (outcome.domain_error === 'INVALID_ARGUMENT') {
      return fail(
        devflowError(
          'SECOND_CANDIDATE_PAYLOAD',
          'no_second_candidate',
          `Core rejected the payload of Action ${actionId} with INVALID_ARGUMENT; stop and report the payload contract. Do not send a second candidate payload for the same Action.`,
        ),
      );
    }
  }
  return ok(true);
}
