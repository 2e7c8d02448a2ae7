import type { ProtocolError } from '../errors.js';
import { fail, type Result } from '../result.js';
import type { JsonObject } from './_json.js';
import { schemaInput, type VerdictKeys } from './_schema-input.js';
import { validateAcceptanceBlocker } from './blocker.js';
import {
  bareBlockerError,
  type ConfluxErrorCode,
  malformedFindingError,
  type VerdictLocation,
} from './error-codes.js';
import { validateFindingEntries } from './finding.js';
import type { JsonVerdict } from './json-verdict.js';
import type { ParsedAcceptanceVerdict } from './schemas.js';
import type { AcceptanceKind } from './vocabulary.js';

/**
 * What the parser returns: the verdict and its source, or a typed acceptance protocol error; `run_not_complete`
 * when a whole-run `unwrapLine` says the run did not complete (not a protocol failure of the agent's: the run
 * itself failed, as a failed command does).
 */
export type AcceptanceParseResult = Result<
  ParsedAcceptanceVerdict,
  ProtocolError<ConfluxErrorCode | 'run_not_complete'>
>;

/**
 * The verdict's schema as the parser uses it: the keys each object declares, and the value
 * `ParsedAcceptanceVerdictSchema` makes of `input` (a verdict's declared fields and its `source`) or the
 * failure for `raw` at `at`. zod's in `resolve-verdict.ts`; a hook's fast path passes what the build derived
 * from the same schemas (their shapes' keys, predicates generated from them).
 */
export interface VerdictSchemaStep {
  readonly keys: VerdictKeys;
  readonly parse: (
    input: Record<string, unknown>,
    raw: JsonObject,
    at: VerdictLocation,
  ) => AcceptanceParseResult;
}

/**
 * The verdict the schema makes of pre-checked fields: `checked` holds what the seed's checks normalised,
 * `raw` any other field the kind's schema declares. The value is always `ParsedAcceptanceVerdictSchema`'s
 * output, so a field added to the schema alone is kept (or refused with `invalid_verdict`), never dropped.
 */
export function schemaVerdict(
  kind: AcceptanceKind,
  raw: JsonObject,
  checked: Readonly<Record<string, unknown>>,
  at: VerdictLocation,
  schema: VerdictSchemaStep,
): AcceptanceParseResult {
  const input = schemaInput(schema.keys[kind], raw, { ...checked, acceptance: kind });
  return schema.parse({ ...input, source: at.source }, raw, at);
}

/**
 * Turn a strict JSON verdict into the result: `pass` and `continue` stand; `fail` needs valid findings
 * (else `malformed_finding`); `gated` needs a valid structured blocker (else `bare_blocker`). The seed's
 * checks run first, in its order and with its error codes; the schema then makes the value.
 */
export function resolveJsonVerdict(
  verdict: JsonVerdict,
  at: VerdictLocation,
  schema: VerdictSchemaStep,
): AcceptanceParseResult {
  switch (verdict.kind) {
    case 'pass':
    case 'continue':
      return schemaVerdict(verdict.kind, verdict.raw, {}, at, schema);
    case 'fail': {
      const findings = validateFindingEntries(verdict.findings, schema.keys);
      if (!findings.success) return fail(malformedFindingError(findings.error, at));
      return schemaVerdict('fail', verdict.raw, { findings: findings.data }, at, schema);
    }
    case 'gated': {
      const blocker = validateAcceptanceBlocker(verdict.blocker, schema.keys.blocker);
      if (!blocker.success) return fail(bareBlockerError(blocker.error, at));
      return schemaVerdict('gated', verdict.raw, { blocker: blocker.data }, at, schema);
    }
  }
}
