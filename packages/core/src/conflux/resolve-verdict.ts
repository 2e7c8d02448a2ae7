import { describeValue, ProtocolError } from '../errors.js';
import { fail, ok, type Result } from '../result.js';
import { validateAcceptanceBlocker } from './blocker.js';
import {
  bareBlockerError,
  type ConfluxErrorCode,
  malformedFindingError,
  type VerdictLocation,
} from './error-codes.js';
import { validateFindingEntries } from './finding.js';
import { type JsonVerdict, readJsonVerdict } from './json-verdict.js';
import type { ParsedAcceptanceVerdict } from './schemas.js';

/** What the parser returns: the verdict and its source, or a typed acceptance protocol error. */
export type AcceptanceParseResult = Result<ParsedAcceptanceVerdict, ProtocolError<ConfluxErrorCode>>;

/**
 * Turn a strict JSON verdict into the result: `pass` and `continue` stand; `fail` needs valid findings
 * (else `malformed_finding`); `gated` needs a valid structured blocker (else `bare_blocker`).
 */
export function resolveJsonVerdict(verdict: JsonVerdict, at: VerdictLocation): AcceptanceParseResult {
  switch (verdict.kind) {
    case 'pass':
    case 'continue':
      return ok({ acceptance: verdict.kind, source: at.source });
    case 'fail': {
      const findings = validateFindingEntries(verdict.findings);
      if (!findings.success) return fail(malformedFindingError(findings.error, at));
      return ok({ acceptance: 'fail', findings: findings.data, source: at.source });
    }
    case 'gated': {
      const blocker = validateAcceptanceBlocker(verdict.blocker);
      if (!blocker.success) return fail(bareBlockerError(blocker.error, at));
      return ok({ acceptance: 'gated', blocker: blocker.data, source: at.source });
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
