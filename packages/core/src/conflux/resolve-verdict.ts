import { describeValue, ProtocolError } from '../errors.js';
import { fail, ok } from '../result.js';
import {
  type AcceptanceParseResult,
  resolveJsonVerdict,
  type VerdictSchemaStep,
} from './_resolve-json-verdict.js';
import { invalidVerdictError } from './error-codes.js';
import { readJsonVerdict, serdeCompatible } from './json-verdict.js';
import {
  AcceptanceBlockerSchema,
  FindingFileExpectationSchema,
  PARSED_VERDICT_KIND_SCHEMAS,
  type ParsedAcceptanceVerdict,
  ParsedAcceptanceVerdictSchema,
  RepositoryFindingSchema,
} from './schemas.js';

export type { AcceptanceParseResult } from './_resolve-json-verdict.js';

/** The verdict's schema as the contract runs it: its shapes' keys and zod's parse. */
export const VERDICT_SCHEMA: VerdictSchemaStep = {
  keys: {
    pass: Object.keys(PARSED_VERDICT_KIND_SCHEMAS.pass.shape),
    fail: Object.keys(PARSED_VERDICT_KIND_SCHEMAS.fail.shape),
    continue: Object.keys(PARSED_VERDICT_KIND_SCHEMAS.continue.shape),
    gated: Object.keys(PARSED_VERDICT_KIND_SCHEMAS.gated.shape),
    finding: Object.keys(RepositoryFindingSchema.shape),
    expectation: Object.keys(FindingFileExpectationSchema.shape),
    blocker: Object.keys(AcceptanceBlockerSchema.shape),
  },
  parse: (input, raw, at) => {
    const parsed = ParsedAcceptanceVerdictSchema.safeParse(input);
    if (!parsed.success) return fail(invalidVerdictError(parsed.error, raw, at));
    return ok(parsed.data as ParsedAcceptanceVerdict);
  },
};

/**
 * Validate a verdict already decoded from JSON (a hook payload, a structured output) with the same rules as
 * a JSON verdict line. A value that is not a verdict object is a `missing_verdict` error; so is one serde_json
 * could not have decoded (a string with a lone UTF-16 surrogate, a number that is not finite, more than 127
 * nested arrays and objects), which the line read never takes for a verdict either: Claude's
 * `structured_output` of that same line reads as it does.
 */
export function validateAcceptanceVerdict(value: unknown): AcceptanceParseResult {
  const decodable = serdeCompatible(value);
  const verdict = decodable ? readJsonVerdict(value) : undefined;
  if (verdict !== undefined) return resolveJsonVerdict(verdict, { source: 'json', line: 0 }, VERDICT_SCHEMA);
  const why = decodable
    ? `expected an object such as {"acceptance":"pass"} with "acceptance" one of pass, fail, continue, gated`
    : 'Conflux reads a verdict as serde_json decodes it, which refuses a string with a lone UTF-16 surrogate, a number that is not finite and more than 127 nested arrays and objects';
  return fail(
    new ProtocolError(
      'missing_verdict',
      `Not an acceptance verdict: ${why}; received ${describeValue(value)}.`,
      {
        details: { received: describeValue(value) },
      },
    ),
  );
}
