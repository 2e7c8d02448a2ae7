import { type JsonObject, ownField } from './_json.js';
import type { AcceptanceKind } from './vocabulary.js';

/** The keys each object of a verdict declares, read from its schema's shape (`schemas.ts` owns the shape). */
export type VerdictKeys = Readonly<
  Record<AcceptanceKind | 'finding' | 'expectation' | 'blocker', readonly string[]>
>;

/**
 * What an object schema parses from a pre-checked payload: every key the schema declares (`keys`), with the value the
 * pre-check normalised where it checked that key (a key it mapped to `undefined` is left out) and the raw
 * value otherwise. Keys the schema does not declare are dropped, as the Conflux runtime ignores them; so a
 * field added to the schema alone reaches the schema, and the schema decides.
 */
export function schemaInput(
  keys: readonly string[],
  raw: JsonObject,
  checked: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of keys) {
    const value = Object.hasOwn(checked, key) ? checked[key] : ownField(raw, key);
    if (value !== undefined) input[key] = value;
  }
  return input;
}
