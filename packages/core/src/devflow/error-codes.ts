import type { ProtocolError } from '../errors.js';
import type { CoreErrorCode } from './error-table.js';

/**
 * The codes the client-side checks add to Dev Flow Core's own (`CORE_ERROR_CODES`): upper case where the
 * check stands in for a Core refusal, lower_snake where it guards the host.
 */
export const DEVFLOW_CLIENT_ERROR_CODES = [
  'ACTION_ALREADY_APPLIED',
  'APPLY_OUTCOME_UNCERTAIN',
  'CANCEL_NOT_AUTHORIZED',
  'CANCEL_WITHOUT_FRESH_IDENTITY',
  'SECOND_CANDIDATE_PAYLOAD',
  'action_invalid',
  'action_missing',
  'capability_not_available',
  'envelope_malformed',
  'handshake_failed',
  'invalid_option',
  'payload_contract_mismatch',
  'probe_identity_invalid',
  'probe_identity_missing',
  'profile_conflict',
  'recovery_assessment_foreign',
  'recovery_assessment_invalid',
  'recovery_assessment_missing',
  'unknown_method_profile',
] as const;

/** The stable `code` of every error the devflow family returns or throws. */
export type DevflowErrorCode = CoreErrorCode | (typeof DEVFLOW_CLIENT_ERROR_CODES)[number];

/** An action, payload, envelope or handshake the Dev Flow protocol refuses. */
export type DevflowProtocolError = ProtocolError<DevflowErrorCode>;
