// The Conflux verdict read without zod, for a generated hook's fast path: the contract's own scanner, with the
// schema step done by what the build derived from the verdict's schemas (`acceptanceContract.plainRead`).
import type { CompiledSchema, UnattemptedFailure } from '../contract.js';
import { ProtocolError } from '../errors.js';
import { fail, ok } from '../result.js';
import type { VerdictSchemaStep } from './_resolve-json-verdict.js';
import { scanOutput } from './_scanner.js';
import type { VerdictKeys } from './_schema-input.js';
import type { ParsedAcceptanceVerdict } from './schemas.js';
import type { AcceptanceKind } from './vocabulary.js';

/** What the build hands the read: each kind's schema, a finding's, an expectation's and a blocker's. */
export type AcceptanceSchemas = Readonly<Record<keyof VerdictKeys, CompiledSchema>>;

const NOT_PROVED = new ProtocolError(
  'invalid_verdict',
  'The generated validator does not prove this verdict; the contract with its schema reads it.',
);

function keysOf(schemas: AcceptanceSchemas): VerdictKeys {
  const keys = (name: keyof VerdictKeys) => schemas[name]?.keys ?? [];
  return {
    pass: keys('pass'),
    fail: keys('fail'),
    continue: keys('continue'),
    gated: keys('gated'),
    finding: keys('finding'),
    expectation: keys('expectation'),
    blocker: keys('blocker'),
  };
}

/**
 * Whether `text` satisfies `conflux.acceptance`, read as its `extract` reads one final message (the same
 * scanner and options, except that it stops at the deciding verdict: the verdicts after it only word a
 * warning), the schema step answered by the kind's generated predicate: `false` for a kind without one.
 */
export function satisfiesAcceptance(schemas: AcceptanceSchemas): (text: string) => boolean {
  const verdictSchema: VerdictSchemaStep = {
    keys: keysOf(schemas),
    parse: (input) => {
      const kind = input.acceptance as AcceptanceKind;
      const accepts = Object.hasOwn(schemas, kind) ? schemas[kind].accepts : null;
      return accepts?.(input) ? ok(input as ParsedAcceptanceVerdict) : fail(NOT_PROVED);
    },
  };
  return (text) => scanOutput(text, { verdictSchema }).success;
}

/**
 * A schema step for a read that never gets to one: a missing verdict is decided before any verdict is made
 * (no JSON verdict line, no legacy marker), so whatever the step says, it is not that.
 */
const NO_SCHEMA_STEP: VerdictSchemaStep = {
  keys: { pass: [], fail: [], continue: [], gated: [], finding: [], expectation: [], blocker: [] },
  parse: () => fail(NOT_PROVED),
};

/**
 * The `missing_verdict` error `conflux.acceptance` gives `text` (the only failure its `isAttempt` does not count),
 * read by the contract's own scanner as its `extract` reads one final message; `undefined` for any other text.
 */
export function unattemptedAcceptance(text: string): UnattemptedFailure | undefined {
  const result = scanOutput(text, { countVerdicts: true, verdictSchema: NO_SCHEMA_STEP });
  if (result.success || result.error.code !== 'missing_verdict') return undefined;
  return { code: result.error.code, message: result.error.message };
}

export { isCanonicalText, isNormalisedRepositoryPath, rejectDuplicateFindingIds } from './_refinements.js';

/** The module `conflux.acceptance` names as its `plainRead`. */
export const CONFLUX_PLAIN_READS = '@skillpack/core/plain-reads/conflux';
