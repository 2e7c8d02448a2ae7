import { ConfigError, fail, ok, type Result } from '@skillpack/core';
import { ENFORCE_MODES, type EnforceMode } from './stop-decision.js';

/**
 * The variable a run's environment sets to override the installed enforcement: an orchestrator's headless run
 * sets `always`, so every stop is held to the hooked contracts (an agent that never called a submit tool, or
 * never wrote an answer, is pushed back) while a person's own sessions keep the installed `attempted`.
 */
export const ENFORCE_ENV = 'SKILLPACK_HOOK_ENFORCE';

/**
 * The enforcement a stop gets: `SKILLPACK_HOOK_ENFORCE` when the environment sets it (not empty), else the
 * configured mode. A value outside the modes is a typed error naming the variable. Pure.
 */
export function enforceOf(
  configured: EnforceMode,
  env: Readonly<Record<string, string | undefined>>,
): Result<EnforceMode, ConfigError> {
  const value = env[ENFORCE_ENV];
  if (value === undefined || value === '') return ok(configured);
  if ((ENFORCE_MODES as readonly string[]).includes(value)) return ok(value as EnforceMode);
  return fail(
    new ConfigError(
      'hook_enforce_env',
      `${ENFORCE_ENV} must be one of ${ENFORCE_MODES.join(', ')} (or unset), got ${JSON.stringify(value)}.`,
      { details: { variable: ENFORCE_ENV, value } },
    ),
  );
}
