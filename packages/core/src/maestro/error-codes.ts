import type { ProtocolError } from '../errors.js';

/**
 * The stable `code` of every error the maestro family returns or throws: lower_snake codes of its own, and
 * maestro-flow's `E0xx` codes where upstream names the failure (see `MaestroErrorTableEntry`).
 */
export const MAESTRO_FAILURE_CODES = [
  'E008',
  'E009',
  'E010',
  'E012',
  'fallback_result',
  'index_out_of_range',
  'invalid_arguments',
  'invalid_cli_tool',
  'invalid_clock',
  'invalid_delegate_clock',
  'invalid_delegate_prefix',
  'invalid_delegate_random',
  'invalid_index',
  'invalid_input',
  'invalid_invocation',
  'invalid_status',
  'invalid_verdict',
  'missing_argument',
  'missing_option',
  'missing_status',
  'no_session',
  'option_argument_missing',
  'run_not_complete',
  'too_many_arguments',
  'unknown_option',
  'unrenderable_result',
  'unrenderable_verdict',
  'unterminated_quote',
] as const;
/** The stable `code` of every error the maestro family returns or throws, one of `MAESTRO_FAILURE_CODES`. */
export type MaestroErrorCode = (typeof MAESTRO_FAILURE_CODES)[number];

/** A block, argument list or session the maestro protocol refuses. */
export type MaestroProtocolError = ProtocolError<MaestroErrorCode>;
