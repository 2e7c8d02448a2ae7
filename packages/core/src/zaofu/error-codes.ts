import type { ProtocolError } from '../errors.js';

/** The stable `code` of every error the zaofu family returns or throws. */
export const ZAOFU_ERROR_CODES = [
  'artifact_manifest_rejected',
  'critique_not_approved',
  'dynamic_emit_argument',
  'event_schema_violation',
  'invalid_emit_arguments',
  'invalid_emit_payload',
  'invalid_event',
  'invalid_event_json',
  'invalid_payload',
  'invalid_project_root',
  'invalid_shell_syntax',
  'manifest_after_proposal',
  'manifest_in_file',
  'manifest_link_unresolved',
  'missing_backlog_refs',
  'missing_payload',
  'missing_summary',
  'multiple_emit_commands',
  'not_zf_emit',
  'object_artifact_ref',
  'payload_in_file',
  'proposal_not_found',
  'run_not_complete',
  'unproven_emit',
] as const;
/** The stable `code` of every error the zaofu family returns or throws, one of `ZAOFU_ERROR_CODES`. */
export type ZaofuErrorCode = (typeof ZAOFU_ERROR_CODES)[number];

/** An event, command or manifest the zaofu protocol refuses. */
export type ZaofuProtocolError = ProtocolError<ZaofuErrorCode>;
