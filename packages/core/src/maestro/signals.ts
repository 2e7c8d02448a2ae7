import type { Warning } from '../result.js';
import type { RalphSession } from './status-schema.js';

/** SIGNALS keys that set a session field instead of a `session.context` key. */
export const SIGNAL_SESSION_FIELDS = {
  'ANL-xxx': 'analyze_macro_id',
  'BLP-xxx': 'blueprint_id',
} as const;

/** A session with an agent's SIGNALS applied, and the warnings about signals that were not. */
export interface AppliedSignals {
  readonly session: RalphSession;
  readonly warnings: readonly Warning[];
}

/**
 * Apply a result block's SIGNALS to the session (A_PARSE_RESULT step 4): `ANL-xxx` sets
 * `analyze_macro_id`, `BLP-xxx` sets `blueprint_id`, every other key (`plan_dir`, `analysis_dir`, `phase`,
 * `grill_id`, …) sets `session.context[key]`. Returns a new session; a `__proto__` key is skipped.
 */
export function applyResultSignals(
  session: RalphSession,
  signals: Readonly<Record<string, string>>,
): AppliedSignals {
  const context: Record<string, unknown> = { ...session.context };
  const fields: { analyze_macro_id?: string; blueprint_id?: string } = {};
  const warnings: Warning[] = [];
  for (const [key, value] of Object.entries(signals)) {
    if (key === '__proto__') {
      warnings.push({ code: 'unsafe_signal_key', message: 'The SIGNALS key "__proto__" was not applied.' });
      continue;
    }
    if (Object.hasOwn(SIGNAL_SESSION_FIELDS, key)) {
      fields[SIGNAL_SESSION_FIELDS[key as keyof typeof SIGNAL_SESSION_FIELDS]] = value;
    } else {
      context[key] = value;
    }
  }
  return { session: { ...session, ...fields, context }, warnings };
}
