import type { FinishState, RunError } from '../agent-run.js';
import { OPENCODE_STEP_REASONS } from './wire-definitions.js';
import type { OpenCodeRunEvent } from './wire-schemas.js';

/** How a run whose last step finished with `reason` ended, when no `error` or `done` line says more. */
export function openCodeFinishFromStepReason(reason: string): { finish: FinishState; error?: RunError } {
  const finish: FinishState = Object.hasOwn(OPENCODE_STEP_REASONS, reason)
    ? OPENCODE_STEP_REASONS[reason as keyof typeof OPENCODE_STEP_REASONS]
    : 'unknown';
  if (finish === 'complete') return { finish };
  return { finish, error: { code: reason, message: `The last step finished with reason "${reason}".` } };
}

type OpenCodeError = Extract<OpenCodeRunEvent, { type: 'error' }>['error'];

/** The release shape `{name, data:{message}}` or the dev build's `{type, message, status}`. */
export function toOpenCodeRunError(error: OpenCodeError): RunError {
  if ('name' in error && typeof error.name === 'string') {
    const data = error.data as { message?: string } | undefined;
    return { code: error.name, message: data?.message ?? error.name };
  }
  const { type, message, status } = error as { type: string; message?: string; status?: number };
  const http = status === undefined ? '' : ` (HTTP ${status})`;
  return { code: type, message: `${message ?? type}${http}` };
}
