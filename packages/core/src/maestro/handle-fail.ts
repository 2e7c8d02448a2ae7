/** Where S_HANDLE_FAIL goes for a step whose result was NEEDS_RETRY or BLOCKED. */
export type HandleFailStep =
  | { readonly next: 'S_STEP_LOCATE'; readonly action: 'A_RETRY' }
  | { readonly next: 'END'; readonly action: 'A_PAUSE_SESSION' }
  | { readonly next: 'S_FALLBACK'; readonly action: 'request_user_input' };

/**
 * S_HANDLE_FAIL (seed 002): "→ S_STEP_LOCATE WHEN: auto + not retried DO: A_RETRY; → END WHEN: auto + retried
 * DO: A_PAUSE_SESSION" — retry once, then pause. The seed gives no transition without auto_confirm; this asks
 * the user (S_FALLBACK, "请求用户输入"), as every other unconfirmed choice of the loop does.
 */
export function handleStepFailure(input: {
  readonly auto_confirm: boolean;
  readonly retried: boolean;
}): HandleFailStep {
  if (!input.auto_confirm) return { next: 'S_FALLBACK', action: 'request_user_input' };
  return input.retried
    ? { next: 'END', action: 'A_PAUSE_SESSION' }
    : { next: 'S_STEP_LOCATE', action: 'A_RETRY' };
}
