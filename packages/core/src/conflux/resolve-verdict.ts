import { describeValue, ProtocolError } from '../errors.js';
import { fail, ok, type Result } from '../result.js';
import type { JsonObject } from './_json.js';
import { schemaInput } from './_schema-input.js';
import { validateAcceptanceBlocker } from './blocker.js';
import {
  bareBlockerError,
  type ConfluxErrorCode,
  invalidVerdictError,
  malformedFindingError,
  type VerdictLocation,
} from './error-codes.js';
import { validateFindingEntries } from './finding.js';
import { type JsonVerdict, readJsonVerdict } from './json-verdict.js';
import {
  type AcceptanceKind,
  type ParsedAcceptanceVerdict,
  ParsedAcceptanceVerdictSchema,
  VERDICT_KIND_SCHEMAS,
} from './schemas.js';

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
 * The verdict the schema makes of pre-checked fields: `checked` holds what the seed's checks normalised,
 * `raw` any other field the kind's schema declares. The value is always `ParsedAcceptanceVerdictSchema`'s
 * output, so a field added to the schema alone is kept (or refused with `invalid_verdict`), never dropped.
 */
export function schemaVerdict(
  kind: AcceptanceKind,
  raw: JsonObject,
  checked: Readonly<Record<string, unknown>>,
  at: VerdictLocation,
): AcceptanceParseResult {
  const input = schemaInput(VERDICT_KIND_SCHEMAS[kind], raw, { ...checked, acceptance: kind });
  const parsed = ParsedAcceptanceVerdictSchema.safeParse({ ...input, source: at.source });
  if (!parsed.success) return fail(invalidVerdictError(parsed.error, raw, at));
  return ok(parsed.data as ParsedAcceptanceVerdict);
}

/**
 * Turn a strict JSON verdict into the result: `pass` and `continue` stand; `fail` needs valid findings
 * (else `malformed_finding`); `gated` needs a valid structured blocker (else `bare_blocker`). The seed's
 * checks run first, in its order and with its error codes; the schema then makes the value.
 */
export function resolveJsonVerdict(verdict: JsonVerdict, at: VerdictLocation): AcceptanceParseResult {
  switch (verdict.kind) {
    case 'pass':
    case 'continue':
      return schemaVerdict(verdict.kind, verdict.raw, {}, at);
    case 'fail': {
      const findings = validateFindingEntries(verdict.findings);
      if (!findings.success) return fail(malformedFindingError(findings.error, at));
      return schemaVerdict('fail', verdict.raw, { findings: findings.data }, at);
    }
    case 'gated': {
      const blocker = validateAcceptanceBlocker(verdict.blocker);
      if (!blocker.success) return fail(bareBlockerError(blocker.error, at));
      return schemaVerdict('gated', verdict.raw, { blocker: blocker.data }, at);
    }
  }
}

/**
 * Validate a verdict already decoded from JSON (a hook payload, a structured output) with the same rules as
 * a JSON verdict line. A value that is not a verdict object is a `missing_verdict` error.
 */
export function validateAcceptanceVerdict(value: unknown): AcceptanceParseResult {
  const verdict = readJsonVerdict(value);
  if (verdict !== undefined) return resolveJsonVerdict(verdict, { source: 'json', line: 0 });
  return fail(
    new ProtocolError(
      'missing_verdict',
      'Not an acceptance verdict: expected an object such as {"acceptance":"pass"} with "acceptance" one of ' +
        `pass, fail, continue, gated; received ${describeValue(value)}.`,
      { details: { received: describeValue(value) } },
    ),
  );
}
